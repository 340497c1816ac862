/**
 * What the browser keeps in local storage (docs/product-rules.md#screens): the ids of words already seen and, for a visitor who
 * is not signed in, the card streak. Stored values are re-checked on read; anything invalid is dropped.
 */
import { useEffect, useState } from 'react';
import { atomWithStorage } from 'jotai/utils';
import { parseSeenWords, parseStoredCount, type StreakCounts } from './rules';

export const SEEN_WORDS_KEY = 'seenWords';
export const STREAK_KEY = 'streak';
export const BEST_STREAK_KEY = 'bestStreak';

export const seenWordsAtom = atomWithStorage<number[]>(
  SEEN_WORDS_KEY,
  [],
  {
    getItem: (key) => parseSeenWords(localStorage.getItem(key)),
    setItem: (key, ids) => localStorage.setItem(key, JSON.stringify(ids)),
    removeItem: (key) => localStorage.removeItem(key),
  },
  { getOnInit: true },
);

/** The anonymous streak, kept under two keys ('streak' and 'bestStreak') as docs/product-rules.md#screens lists them. */
export const localStreakAtom = atomWithStorage<StreakCounts>(
  STREAK_KEY,
  { currentStreak: 0, bestStreak: 0 },
  {
    getItem: () => {
      const currentStreak = parseStoredCount(localStorage.getItem(STREAK_KEY));
      return { currentStreak, bestStreak: Math.max(currentStreak, parseStoredCount(localStorage.getItem(BEST_STREAK_KEY))) };
    },
    setItem: (_key, s) => {
      localStorage.setItem(STREAK_KEY, String(s.currentStreak));
      localStorage.setItem(BEST_STREAK_KEY, String(s.bestStreak));
    },
    removeItem: () => {
      localStorage.removeItem(STREAK_KEY);
      localStorage.removeItem(BEST_STREAK_KEY);
    },
  },
  { getOnInit: true },
);

/**
 * The flash card's typed-answer option, off until the learner turns it on, remembered per learner in
 * this browser: typing suits a keyboard more than a phone (docs/decisions/0009).
 */
export function useTypedAnswers(userId: number | null): [boolean, (on: boolean) => void] {
  const key = `typedAnswers:${userId ?? 'visitor'}`;
  const [on, setOn] = useState(() => localStorage.getItem(key) === 'true');
  useEffect(() => setOn(localStorage.getItem(key) === 'true'), [key]);
  const set = (next: boolean) => {
    localStorage.setItem(key, String(next));
    setOn(next);
  };
  return [on, set];
}
