/**
 * What the browser keeps in local storage (docs/product-rules.md#screens): the ids of words already seen (a visitor's
 * streak is kept by src/web/lib/streak.ts). Stored values are re-checked on read; anything invalid is dropped.
 */
import { atomWithStorage } from 'jotai/utils';
import { keep, useKeptChoice } from '../../lib/kept';
import { parseSeenWords } from './rules';

export const SEEN_WORDS_KEY = 'seenWords';

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

/**
 * The flash card's typed-answer option, off until the learner turns it on, remembered per learner in
 * this browser: typing suits a keyboard more than a phone (docs/decisions/0009).
 */
export function useTypedAnswers(userId: number | null): [boolean, (on: boolean) => void] {
  const key = `typedAnswers:${userId ?? 'visitor'}`;
  const [on, setOn] = useKeptChoice(key, () => localStorage.getItem(key) === 'true');
  const set = (next: boolean) => {
    keep(key, next ? 'true' : 'false');
    setOn(next);
  };
  return [on, set];
}
