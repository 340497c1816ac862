import { and, eq, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { answerKeys } from './schema';

/** The routes whose answers carry a key, each its own space of keys. */
export type AnswerKind = 'word' | 'letter' | 'lesson' | 'sentence' | 'listening' | 'speaking' | 'conversation';

/**
 * How long an answer's key is kept: a browser sends a waiting answer again at its next visit, and a
 * key forgotten before that visit would let a lost reply count twice (docs/decisions/0024-durable-save-queue.md).
 */
export const ANSWER_KEY_DAYS = 30;

/**
 * Every answer route applies its answer through `once` (docs/decisions/0043-one-save-queue.md): the
 * key is taken before the answer is applied, in the answer's own write, so of two sends of one answer
 * arriving together the second finds the key taken and gets the first one's reply; an answer refused
 * rolls its key back with it.
 */
export function createAnswerKeysService({ db, clock, writes }: AppContext) {
  const P = sql.placeholder;
  const takeKey = db
    .insert(answerKeys)
    .values({ userId: P('userId'), kind: P('kind'), key: P('key'), result: '', appliedAt: P('now') })
    .onConflictDoNothing()
    .returning({ key: answerKeys.key })
    .prepare();
  const keptResult = db
    .select({ result: answerKeys.result })
    .from(answerKeys)
    .where(and(eq(answerKeys.userId, P('userId')), eq(answerKeys.kind, P('kind')), eq(answerKeys.key, P('key'))))
    .prepare();
  const keepResult = db
    .update(answerKeys)
    .set({ result: sql`${P('result')}` })
    .where(and(eq(answerKeys.userId, P('userId')), eq(answerKeys.kind, P('kind')), eq(answerKeys.key, P('key'))))
    .prepare();
  const forgetKeys = db.delete(answerKeys).where(lt(answerKeys.appliedAt, P('before'))).prepare();

  function once<T>(userId: number, kind: AnswerKind, key: string | undefined, apply: () => T): T {
    if (key === undefined) return apply();
    return db.$client
      .transaction(() => {
        if (!takeKey.get({ userId, kind, key, now: clock.now() })) return JSON.parse(keptResult.get({ userId, kind, key })!.result) as T;
        const result = apply();
        keepResult.run({ userId, kind, key, result: JSON.stringify(result) });
        return result;
      })
      .immediate();
  }

  return {
    /** The answer applied once per learner, kind and key (none: every send counts), in the group commit; a repeat gets the first reply. */
    save<T>(userId: number, kind: AnswerKind, key: string | undefined, apply: () => T): Promise<T> {
      return writes.run(() => once(userId, kind, key, apply));
    },

    /** The reply an answer's key already got, or null: lets a slow step (judging a sentence) be skipped for a repeat. */
    kept<T>(userId: number, kind: AnswerKind, key: string | undefined): T | null {
      const row = key === undefined ? undefined : keptResult.get({ userId, kind, key });
      return row ? (JSON.parse(row.result) as T) : null;
    },

    /** Forgets the answer keys older than `ANSWER_KEY_DAYS`. */
    forgetOld() {
      forgetKeys.run({ before: clock.now().getTime() - ANSWER_KEY_DAYS * DAY_MS });
    },
  };
}

export type AnswerKeysService = ReturnType<typeof createAnswerKeysService>;
