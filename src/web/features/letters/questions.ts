import { shuffled } from '../../../shared/shuffle';
import type { Reply, server } from '../../lib/api';

export type LetterView = Reply<typeof server.api.letters.get>[number];

/** The letters game's constants (docs/product-rules.md#letters): a 10 s countdown in steps of 1 every 100 ms, 4 options, 1.5 s between questions. */
export const COUNTDOWN_START = 100;
export const COUNTDOWN_TICK_MS = 100;
export const MULTIPLE_CHOICE_OPTIONS = 4;
export const RESULT_PAUSE_MS = 1500;
/** The questions after which the game, which never ends by itself, offers the plan's next step (docs/decisions/0076-the-course.md). */
export const LETTERS_ROUND = 10;

export const QUESTION_TYPES = ['multiple-choice', 'fill-blank', 'phonetic'] as const;

export type LetterQuestion =
  /** The Arabic letter is shown and a number is picked, or the number is shown and a letter is picked. */
  | { type: 'multiple-choice'; letter: LetterView; shows: 'arabic' | 'number'; options: LetterView[] }
  /** The example word with its number-letter blanked; the learner types the number. */
  | { type: 'fill-blank'; letter: LetterView; blanked: string }
  /** The number alone: the learner says its sound, reveals, and marks themself. */
  | { type: 'phonetic'; letter: LetterView };

const pick = <T>(items: readonly T[], random: () => number) => items[Math.floor(random() * items.length)];

/** The example with every occurrence of the letter's number replaced by a blank ("_abibi"). */
export const blankExample = (letter: LetterView) => letter.example.arabizi.split(letter.arabizi).join('_');

/** Fill-blank is right when the trimmed input is exactly the number. */
export const isFillBlankCorrect = (input: string, letter: LetterView) => input.trim() === letter.arabizi;

/**
 * A random question of a random type, avoiding the previous letter when there is another;
 * a multiple-choice question has the letter and three others in random order.
 */
export function nextQuestion(
  letters: readonly LetterView[],
  previous: LetterView | null,
  random: () => number = Math.random,
): LetterQuestion {
  const pool = letters.length > 1 && previous ? letters.filter((l) => l.number !== previous.number) : letters;
  const letter = pick(pool, random);
  const type = pick(QUESTION_TYPES, random);
  // A fill-blank needs the number inside the example; without it the question is asked another way.
  if (type === 'fill-blank' && letter.example.arabizi.includes(letter.arabizi)) return { type, letter, blanked: blankExample(letter) };
  if (type === 'phonetic') return { type, letter };
  const others = shuffled(
    letters.filter((l) => l.number !== letter.number),
    random,
  ).slice(0, MULTIPLE_CHOICE_OPTIONS - 1);
  return { type: 'multiple-choice', letter, shows: random() < 0.5 ? 'arabic' : 'number', options: shuffled([letter, ...others], random) };
}
