import { describe, expect, test } from 'bun:test';
import { blankExample, isFillBlankCorrect, nextQuestion, type LetterView } from './questions';

const letter = (number: number, arabic: string, example: string): LetterView => ({
  number,
  arabizi: String(number),
  arabic,
  englishLetter: 'x',
  meaning: 'm',
  example: { arabizi: example, arabic: arabic, english: 'e' },
});
const LETTERS = [
  letter(2, 'ء', '2albe'),
  letter(3, 'ع', '3ayle'),
  letter(5, 'خ', '5ebez'),
  letter(7, 'ح', '7abibi'),
  letter(8, 'غ', '8ali'),
];

/** Cycles through fixed values, to steer nextQuestion's choices. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};

describe('letters questions', () => {
  test('fill-blank blanks every occurrence of the number and compares the trimmed input exactly', () => {
    expect(blankExample(LETTERS[3])).toBe('_abibi');
    expect(blankExample(letter(7, 'ح', '7a77'))).toBe('_a__');
    expect(isFillBlankCorrect(' 7 ', LETTERS[3])).toBe(true);
    expect(isFillBlankCorrect('7.', LETTERS[3])).toBe(false);
    expect(isFillBlankCorrect('', LETTERS[3])).toBe(false);
    expect(isFillBlankCorrect('٧', LETTERS[3])).toBe(false);
  });

  test('each type comes up, for a letter other than the previous one', () => {
    const types = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const q = nextQuestion(LETTERS, LETTERS[3]);
      types.add(q.type);
      expect(q.letter.number).not.toBe(7);
      if (q.type === 'multiple-choice') {
        expect(q.options).toHaveLength(4);
        expect(new Set(q.options.map((o) => o.number)).size).toBe(4);
        expect(q.options.map((o) => o.number)).toContain(q.letter.number);
      }
      if (q.type === 'fill-blank') expect(q.blanked).not.toContain(q.letter.arabizi);
    }
    expect([...types].sort()).toEqual(['fill-blank', 'multiple-choice', 'phonetic']);
  });

  test('a fill-blank whose example lacks the number is asked as multiple choice', () => {
    // Letter index 0, then type index 1 (fill-blank).
    const q = nextQuestion([letter(7, 'ح', 'habibi'), ...LETTERS.slice(0, 3)], null, sequence(0, 0.4, 0.1));
    expect(q.type).toBe('multiple-choice');
    expect(q.letter.number).toBe(7);
  });

  test('a single letter can repeat', () => {
    expect(nextQuestion([LETTERS[0]], LETTERS[0], sequence(0.9)).letter.number).toBe(2);
  });
});
