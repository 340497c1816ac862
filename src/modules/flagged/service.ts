import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { keptRows } from '../../lib/kept';
import { FLAGGED_REMOVAL_CORRECT } from './rules';
import { flaggedWords } from './schema';

export interface FlagState {
  isFlagged: boolean;
  /** Correct answers given in the flagged section since the word was flagged. */
  correctInFlagged: number;
  /** Correct answers still needed before the word leaves the list; null when it is not flagged. */
  remainingToRemove: number | null;
}

const stateOf = (row: { correctInFlagged: number } | undefined): FlagState =>
  row
    ? {
        isFlagged: true,
        correctInFlagged: row.correctInFlagged,
        remainingToRemove: Math.max(0, FLAGGED_REMOVAL_CORRECT - row.correctInFlagged),
      }
    : { isFlagged: false, correctInFlagged: 0, remainingToRemove: null };

/** A learner's practice list (docs/product-rules.md#flagged-words): flagged by a wrong answer or by hand, cleared by 3 correct answers in the list. */
export function createFlaggedService(ctx: AppContext) {
  const { db, clock } = ctx;
  const byUserWord = and(eq(flaggedWords.userId, sql.placeholder('userId')), eq(flaggedWords.wordId, sql.placeholder('wordId')));

  const readOne = db.select({ correctInFlagged: flaggedWords.correctInFlagged }).from(flaggedWords).where(byUserWord).prepare();
  const readAll = db
    .select({ wordId: flaggedWords.wordId })
    .from(flaggedWords)
    .where(eq(flaggedWords.userId, sql.placeholder('userId')))
    .orderBy(desc(flaggedWords.flaggedAt), desc(flaggedWords.id))
    .prepare();
  const readSet = db
    .select({ wordId: flaggedWords.wordId })
    .from(flaggedWords)
    .where(eq(flaggedWords.userId, sql.placeholder('userId')))
    .prepare();
  // Every read of All Words and of a topic marks the learner's flags: kept per process, flagged being
  // the only writer of its table.
  const keptSets = keptRows(db.$client, (userId: number) => new Set(readSet.values({ userId }).map(([wordId]) => wordId as number)));
  const insert = db
    .insert(flaggedWords)
    .values({ userId: sql.placeholder('userId'), wordId: sql.placeholder('wordId'), flaggedAt: sql.placeholder('now') })
    .onConflictDoNothing()
    .prepare();
  const remove = db.delete(flaggedWords).where(byUserWord).prepare();
  const countCorrect = db
    .update(flaggedWords)
    .set({ correctInFlagged: sql`${flaggedWords.correctInFlagged} + 1` })
    .where(byUserWord)
    .returning({ correctInFlagged: flaggedWords.correctInFlagged })
    .prepare();

  return {
    state(userId: number, wordId: number): FlagState {
      return stateOf(readOne.get({ userId, wordId }));
    },

    /** The learner's flagged word ids, most recently flagged first. */
    wordIds(userId: number): number[] {
      return readAll.all({ userId }).map((r) => r.wordId);
    },

    /** The learner's flagged word ids in no order, for marking a list (no sort to pay for); not to be changed. */
    wordIdSet(userId: number): ReadonlySet<number> {
      return keptSets.get(userId);
    },

    /** Adds the word to the list; a word already there keeps its count. */
    flag(userId: number, wordId: number): FlagState {
      insert.run({ userId, wordId, now: clock.now() });
      keptSets.forget(userId);
      return this.state(userId, wordId);
    },

    unflag(userId: number, wordId: number): FlagState {
      remove.run({ userId, wordId });
      keptSets.forget(userId);
      return stateOf(undefined);
    },

    /**
     * A correct answer in the flagged section: counts it, and at the third takes the word off the list.
     * Call inside the answer's transaction, so the count and the removal are one step.
     */
    correctInSection(userId: number, wordId: number): FlagState & { removed: boolean } {
      const row = countCorrect.get({ userId, wordId });
      if (!row) return { ...stateOf(undefined), removed: false };
      if (row.correctInFlagged >= FLAGGED_REMOVAL_CORRECT) {
        remove.run({ userId, wordId });
        keptSets.forget(userId);
        return { isFlagged: false, correctInFlagged: row.correctInFlagged, remainingToRemove: 0, removed: true };
      }
      return { ...stateOf(row), removed: false };
    },
  };
}

export type FlaggedService = ReturnType<typeof createFlaggedService>;
