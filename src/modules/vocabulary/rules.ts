/**
 * Vocabulary rules shared by the server and the browser (docs/product-rules.md#batches). Pure: no
 * imports, so the client bundle can take them without the database layer.
 */

export const TOTAL_BATCHES = 6;
/** Best streak needed for each batch: batch 1 at 0, 2 at 20, 3 at 35, 4 at 45, 5 at 55, 6 at 65. */
export const BATCH_THRESHOLDS = [0, 20, 35, 45, 55, 65] as const;
/** All Words after the trial without a subscription: the first 20 words (docs/product-rules.md#tiers). */
export const FREE_TIER_WORDS = 20;
/** The anonymous deck on /landing (docs/product-rules.md#screens). */
export const ANONYMOUS_DECK_SIZE = 10;
export const VERB_TOPIC_PREFIX = 'Verb:';

/** The batch a best streak has earned. */
export function batchForStreak(bestStreak: number): number {
  let batch = 1;
  BATCH_THRESHOLDS.forEach((threshold, i) => {
    if (bestStreak >= threshold) batch = i + 1;
  });
  return batch;
}

/** The batch shown: the larger of the stored one and the streak's, so an unlocked batch never goes back. */
export function shownBatch(maxUnlockedBatch: number, bestStreak: number): number {
  return Math.min(TOTAL_BATCHES, Math.max(1, maxUnlockedBatch, batchForStreak(bestStreak)));
}

export interface BatchStatus {
  /** The batch shown ('Batch N of 6'). */
  batch: number;
  totalBatches: number;
  allUnlocked: boolean;
  /** The next batch, or null when all are unlocked. */
  nextBatch: number | null;
  /** The best streak that unlocks the next batch. */
  nextBatchStreak: number | null;
  /** Correct answers in a row still needed from the current streak. */
  remaining: number | null;
}

/** What the All Words header shows: the batch, the streak needed for the next one and how many answers remain. */
export function batchStatus(input: { maxUnlockedBatch: number; bestStreak: number; currentStreak: number }): BatchStatus {
  const batch = shownBatch(input.maxUnlockedBatch, input.bestStreak);
  if (batch >= TOTAL_BATCHES) {
    return { batch, totalBatches: TOTAL_BATCHES, allUnlocked: true, nextBatch: null, nextBatchStreak: null, remaining: null };
  }
  const nextBatchStreak = BATCH_THRESHOLDS[batch];
  return {
    batch,
    totalBatches: TOTAL_BATCHES,
    allUnlocked: false,
    nextBatch: batch + 1,
    nextBatchStreak,
    remaining: Math.max(0, nextBatchStreak - input.currentStreak),
  };
}

export const isVerbTopic = (name: string) => name.startsWith(VERB_TOPIC_PREFIX);
/** The topic of a verb, by its English ('to eat' → 'Verb: to eat'). */
export const verbTopicName = (english: string) => `${VERB_TOPIC_PREFIX} ${english}`;
/** The verb a verb topic names ('Verb: to eat' → 'to eat'). */
export const verbOfTopic = (name: string) => name.slice(VERB_TOPIC_PREFIX.length).trim();
