import { topics, words, type Pronoun, type Tense } from './schema';
import type { BatchStatus } from './rules';

/** A word as the client sees it (`arabizi` repeats `lebanese` for the client views that read it). */
export interface WordView {
  id: number;
  english: string;
  lebanese: string;
  arabizi: string;
  arabicScript: string;
  isFlagged: boolean;
  topic: string;
  culturalContext: string | null;
  batch: number;
  verbId: number | null;
  tense: Tense | null;
  pronoun: Pronoun | null;
  isConjugation: boolean;
}

export interface BatchView extends BatchStatus {
  maxUnlockedBatch: number;
  currentStreak: number;
  bestStreak: number;
  lastUnlockDate: string | null;
  /** How many words All Words holds for this learner. */
  unlockedWords: number;
}

export interface TopicCard {
  id: number;
  name: string;
  isPremium: boolean;
  /** The learner may open it: a free topic, or a premium one with a trial or subscription. */
  isTrialAccessible: boolean;
  isVerb: boolean;
  verbId: number | null;
  culturalContext: string | null;
  progress: { totalWords: number; wordsLearned: number; lastPracticed: string | null };
}

export interface VerbView {
  id: number;
  key: string;
  infinitive: string;
  arabic: string;
  english: string;
  culturalContext: string | null;
  topic: string;
  /** How many forms the course gives the verb (every tense and pronoun, commands, negatives), free or not. */
  forms: number;
}

export interface WordProgress {
  wordId: number;
  timesCorrect: number;
  timesIncorrect: number;
  lastSeen: string | null;
  isFlagged: boolean;
  correctInFlagged: number;
  remainingToRemove: number | null;
}

export const NONE_FLAGGED: ReadonlySet<number> = new Set<number>();
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const wordColumns = {
  id: words.id,
  english: words.english,
  lebanese: words.lebanese,
  arabicScript: words.arabicScript,
  topic: topics.name,
  topicId: words.topicId,
  topicIsPremium: topics.isPremium,
  culturalContext: words.culturalContext,
  batch: words.batch,
  verbId: words.verbId,
  tense: words.tense,
  pronoun: words.pronoun,
  isConjugation: words.isConjugation,
};
export type WordRow = { id: number; topicId: number; topicIsPremium: boolean; isConjugation: boolean; tense: Tense | null } & Omit<
  WordView,
  'isFlagged' | 'arabizi'
>;

/** A word as a learner of this tier sees it, with their flag. */
export function wordView(w: WordRow, flaggedIds: ReadonlySet<number>, premium: boolean): WordView {
  return {
    id: w.id,
    english: w.english,
    lebanese: w.lebanese,
    arabizi: w.lebanese,
    arabicScript: w.arabicScript,
    isFlagged: flaggedIds.has(w.id),
    topic: w.topic,
    // Cultural notes are a premium feature (docs/product-rules.md#tiers).
    culturalContext: premium ? w.culturalContext : null,
    batch: w.batch,
    verbId: w.verbId,
    tense: w.tense,
    pronoun: w.pronoun,
    isConjugation: w.isConjugation,
  };
}
