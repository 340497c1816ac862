import { and, eq, lt, sql } from 'drizzle-orm';
import { DAY_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import { conflict } from '../../lib/errors';
import { inTransaction } from '../../lib/writes';
import { answerKeys } from './schema';

/** The routes whose answers carry a key, each its own space of keys. */
export type AnswerKind =
  | 'word'
  | 'letter'
  | 'lesson'
  | 'sentence'
  | 'listening'
  | 'speaking'
  | 'dialogue'
  | 'conversation'
  | 'offline-talk';

/** What an answer is about: its route and the item it names (a word's, letter's, lesson's, sentence's, dialogue's or conversation's id; a conversation held offline names its scenario). */
export interface AnswerTarget {
  kind: AnswerKind;
  id: number;
}

/**
 * How long an answer's key is kept: a browser sends a waiting answer again at its next visit, and a
 * key forgotten before that visit would let a lost reply count twice (docs/decisions/0024-durable-save-queue.md).
 */
export const ANSWER_KEY_DAYS = 30;

/**
 * Every answer route applies its answer through `once` (docs/decisions/0043-one-save-queue.md): the
 * key is taken before the answer is applied, in the answer's own write, so of two sends of one answer
 * arriving together the second finds the key taken and gets the first one's reply; an answer refused
 * rolls its key back with it. A key is bound to the item it was first sent for: sent again for another
 * item it is refused with a 409, never answered with another item's reply
 * (docs/decisions/0068-keys-bound-to-their-item.md).
 */
export function createAnswerKeysService({ db, clock, writes }: AppContext) {
  const P = sql.placeholder;
  const takeKey = db
    .insert(answerKeys)
    .values({ userId: P('userId'), kind: P('kind'), key: P('key'), target: P('target'), result: '', appliedAt: P('now') })
    .onConflictDoNothing()
    .returning({ key: answerKeys.key })
    .prepare();
  const keptResult = db
    .select({ result: answerKeys.result, target: answerKeys.target })
    .from(answerKeys)
    .where(and(eq(answerKeys.userId, P('userId')), eq(answerKeys.kind, P('kind')), eq(answerKeys.key, P('key'))))
    .prepare();
  const keepResult = db
    .update(answerKeys)
    .set({ result: sql`${P('result')}` })
    .where(and(eq(answerKeys.userId, P('userId')), eq(answerKeys.kind, P('kind')), eq(answerKeys.key, P('key'))))
    .prepare();
  const forgetKeys = db
    .delete(answerKeys)
    .where(lt(answerKeys.appliedAt, P('before')))
    .prepare();

  /** The reply kept under a key, or null; a 409 when the key was sent for another item. */
  function keptFor<T>(userId: number, target: AnswerTarget, key: string): T | null {
    const row = keptResult.get({ userId, kind: target.kind, key });
    if (!row) return null;
    if (row.target !== null && row.target !== target.id) throw conflict();
    return JSON.parse(row.result) as T;
  }

  function once<T>(userId: number, target: AnswerTarget, key: string | undefined, apply: () => T): T {
    if (key === undefined) return apply();
    const { kind } = target;
    return inTransaction(db.$client, () => {
      if (!takeKey.get({ userId, kind, key, target: target.id, now: clock.now() })) return keptFor<T>(userId, target, key)!;
      const result = apply();
      keepResult.run({ userId, kind, key, result: JSON.stringify(result) });
      return result;
    });
  }

  return {
    /**
     * The answer applied once per learner, kind and key (none: every send counts), in the group commit; a
     * repeat for the same item gets the first reply, one for another item a 409.
     */
    save<T>(userId: number, target: AnswerTarget, key: string | undefined, apply: () => T): Promise<T> {
      return writes.run(() => once(userId, target, key, apply));
    },

    /** The reply an answer's key already got, or null: lets a slow step (judging a sentence) be skipped for a repeat. A 409 for another item's key. */
    kept<T>(userId: number, target: AnswerTarget, key: string | undefined): T | null {
      return key === undefined ? null : keptFor<T>(userId, target, key);
    },

    /** Forgets the answer keys older than `ANSWER_KEY_DAYS`. */
    forgetOld() {
      forgetKeys.run({ before: clock.now().getTime() - ANSWER_KEY_DAYS * DAY_MS });
    },
  };
}

export type AnswerKeysService = ReturnType<typeof createAnswerKeysService>;
