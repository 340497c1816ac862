/**
 * The client's vocabulary rules (docs/product-rules.md#flash-cards): word selection with the recent-word memory, the
 * local streak, the batch header, the flagged-list feedback, local storage parsing and the card's
 * timings. Pure functions, no React; the batch and streak rules are the server's own.
 */
import { TOTAL_BATCHES, isVerbTopic, verbOfTopic } from '../../../modules/vocabulary/rules';

export { FLAGGED_REMOVAL_CORRECT } from '../../../modules/flagged/rules';
export { batchForStreak, batchStatus, isVerbTopic, shownBatch, verbOfTopic } from '../../../modules/vocabulary/rules';
export { nextStreak, type StreakCounts } from '../../../modules/streak/rules';

// Timings (docs/product-rules.md#flash-cards).
export const CARD_COUNTDOWN_MS = 15_000;
export const cardTickMs = (mobile: boolean) => (mobile ? 200 : 100);
export const cardFadeMs = (mobile: boolean) => (mobile ? 300 : 200);
export const WORD_LIST_ADVANCE_MS = 500;
/** How long the 'Practice complete!' summary stays before the reshuffled round starts (the rules give no time). */
export const PRACTICE_SUMMARY_MS = 4000;

/** The countdown bar: 100 at the start, draining to 0 at 15 s. */
export function countdownPercent(elapsedMs: number): number {
  return Math.max(0, Math.min(100, 100 - (elapsedMs / CARD_COUNTDOWN_MS) * 100));
}

// ---- Word selection (docs/product-rules.md#flash-cards) ----

/** How many recently shown words are avoided: min(75% of the list, 10). */
export function recentMemorySize(listSize: number): number {
  return Math.min(Math.floor(listSize * 0.75), 10);
}

/**
 * Picks the next word at random, avoiding the recently shown ones. When fewer than min(3, list size)
 * words are left outside the memory, the memory resets (keeping only the word just shown, so it does
 * not come straight back). Returns the word and the new memory (ids, oldest first).
 */
export function pickNextWord<W extends { id: number }>(
  words: readonly W[],
  recent: readonly number[],
  random: () => number = Math.random,
): { word: W | null; recent: number[] } {
  if (words.length === 0) return { word: null, recent: [] };
  const ids = new Set(words.map((w) => w.id));
  let memory = recent.filter((id) => ids.has(id));
  let candidates = words.filter((w) => !memory.includes(w.id));
  if (candidates.length < Math.min(3, words.length)) {
    memory = words.length > 1 && memory.length > 0 ? [memory[memory.length - 1]] : [];
    candidates = words.filter((w) => !memory.includes(w.id));
  }
  const word = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
  const size = recentMemorySize(words.length);
  return { word, recent: size === 0 ? [] : [...memory, word.id].slice(-size) };
}

// ---- Batches (docs/product-rules.md#batches) ----

export const batchLabel = (batch: number) => `Batch ${batch} of ${TOTAL_BATCHES}`;

// ---- Flagged list (docs/product-rules.md#flagged-words) ----

export const REMOVED_FROM_PRACTICE = 'This word has been removed from your practice list.';
export const KEEP_PRACTICING = 'Keep practicing to remove this word from your practice list.';

/**
 * The feedback after a correct answer in the flagged section: the answers still needed, the removal,
 * or (when the progress could not be read, `remaining` null) the encouragement.
 */
export function flaggedFeedback(remaining: number | null): string {
  if (remaining === null) return KEEP_PRACTICING;
  if (remaining <= 0) return REMOVED_FROM_PRACTICE;
  return `${remaining} more correct ${remaining === 1 ? 'answer' : 'answers'} to remove this word from your practice list.`;
}

// ---- Word lists ----

export interface ValidWord {
  id: number;
  english: string;
  lebanese: string;
}

/** Keeps the entries with a numeric id and string english and lebanese. */
export function validWords<W>(list: readonly W[]): (W & ValidWord)[] {
  return list.filter((w): w is W & ValidWord => {
    const x = w as Partial<ValidWord> | null;
    return !!x && typeof x.id === 'number' && Number.isFinite(x.id) && typeof x.english === 'string' && typeof x.lebanese === 'string';
  });
}

/** Conjugations show their arabizi in place of the lebanese text (docs/product-rules.md#topics). */
export function shownLebanese(word: { lebanese: string; arabizi?: string; isConjugation?: boolean }): string {
  return word.isConjugation && word.arabizi ? word.arabizi : word.lebanese;
}

export const practiceSummary = (correct: number, total: number) => `You got ${correct} out of ${total} words correct.`;
/** The word-list view's percent progress after `done` of `total` words. */
export const practicePercent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

// ---- Topics (docs/product-rules.md#topics) ----

/** Topics the grid leaves out. */
export const GRID_EXCLUDED_TOPICS = ['Colors', 'Basic Phrases', 'Food'] as const;
export function topicsForGrid<T extends { name: string }>(topics: readonly T[]): T[] {
  return topics.filter((t) => !(GRID_EXCLUDED_TOPICS as readonly string[]).includes(t.name));
}

export const topicPath = (name: string) => `/topics/${encodeURIComponent(name)}`;

/** The topic practice heading: 'Practice "to eat" Conjugations' for a verb topic, else the topic name. */
export function topicTitle(name: string): string {
  return isVerbTopic(name) ? `Practice "${verbOfTopic(name)}" Conjugations` : name;
}

/** Percent of a topic's words learned, for the card's progress bar. */
export const topicPercent = (progress: { wordsLearned: number; totalWords: number }) =>
  progress.totalWords > 0 ? Math.min(100, Math.round((progress.wordsLearned / progress.totalWords) * 100)) : 0;

// ---- Local storage (docs/product-rules.md#screens) ----

/** The stored list of seen word ids; anything invalid is discarded. */
export function parseSeenWords(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? [...new Set(value.filter((id): id is number => Number.isSafeInteger(id) && id > 0))] : [];
  } catch {
    return [];
  }
}

/** Revealing or answering marks a word seen; unseen words get the 'New word!' marker. */
export const markSeen = (seen: readonly number[], id: number) => (seen.includes(id) ? [...seen] : [...seen, id]);
export const isNewWord = (seen: readonly number[], id: number) => !seen.includes(id);
