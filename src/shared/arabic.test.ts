import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { normalArabic, sameArabic } from './arabic';

const LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويةىأإآؤئء'.split('');
const DIACRITICS = ['\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u064B', '\u064C', '\u064D', '\u0670'];
const TATWEEL = '\u0640';
/** Arabic-like text: letters, marks, tatweel, spaces and punctuation. */
const arabicLike = fc.string({ unit: fc.constantFrom(...LETTERS, ...DIACRITICS, TATWEEL, ' ', '  ', '،', '؟', '.', '!'), maxLength: 40 });
/** Plain Arabic words: letters only, one space between words, something left once folded (a lone hamza is not). */
const plainWords = fc
  .array(fc.string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 })
  .map((w) => w.join(' '))
  .filter((text) => normalArabic(text) !== '');

/** The same text written another way: marks and tatweel after letters, alef, ya and ta marbuta variants swapped, spacing changed. */
const VARIANTS: Record<string, string[]> = { ا: ['أ', 'إ', 'آ', 'ٱ'], ي: ['ى', 'ئ', 'ی'], ه: ['ة'], و: ['ؤ'], ك: ['ک'] };
function rewritten(text: string, pick: () => number): string {
  return [...text]
    .map((ch) => {
      if (ch === ' ') return pick() < 0.5 ? '  ' : ' ';
      const swaps = VARIANTS[normalArabic(ch)];
      const letter = swaps && pick() < 0.5 ? swaps[Math.floor(pick() * swaps.length)]! : ch;
      const mark = pick() < 0.4 ? DIACRITICS[Math.floor(pick() * DIACRITICS.length)]! : '';
      return letter + mark + (pick() < 0.2 ? TATWEEL : '');
    })
    .join('');
}

describe('the Arabic normaliser', () => {
  test('is idempotent on any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(arabicLike, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 })),
        (text) => normalArabic(normalArabic(text)) === normalArabic(text),
      ),
    );
  });

  test('diacritics, tatweel, alef, hamza, ya and ta marbuta variants and spacing fold away', () => {
    fc.assert(
      fc.property(plainWords, fc.infiniteStream(fc.double({ min: 0, max: 0.999999, noNaN: true })), (text, stream) => {
        const it = stream[Symbol.iterator]();
        const pick = () => it.next().value as number;
        const other = rewritten(text, pick);
        return normalArabic(other) === normalArabic(text) && sameArabic(other, text);
      }),
    );
  });

  test('leaves no mark, tatweel, variant letter or doubled space', () => {
    fc.assert(
      fc.property(arabicLike, (text) => {
        const out = normalArabic(text);
        return !/[\u064B-\u065F\u0670\u0640أإآٱؤئىةء]|\s{2}|^\s|\s$/.test(out);
      }),
    );
  });

  test('a letter more is another text', () => {
    fc.assert(
      fc.property(
        plainWords,
        fc.constantFrom('ب', 'ق', 'ع', 'ح'),
        (text, letter) => !sameArabic(text, text + letter) && !sameArabic(text + letter, text),
      ),
    );
  });

  test('examples a recogniser gives', () => {
    expect(sameArabic('مرحبا', 'مَرْحَبا')).toBe(true);
    expect(sameArabic('شو بدك', 'شو بدّك؟')).toBe(true);
    expect(sameArabic('كبايه مي', 'كبّاية مي، لو سمحت')).toBe(false);
    expect(sameArabic('كبايه مي لو سمحت', 'كبّاية مي، لو سمحت')).toBe(true);
    expect(sameArabic('انا', 'أنا')).toBe(true);
    expect(sameArabic('على', 'علي')).toBe(true);
    expect(sameArabic('مســاء', 'مساء')).toBe(true);
    expect(sameArabic('ع البيت', 'عالبيت')).toBe(true);
    expect(sameArabic('كلب', 'قلب')).toBe(false);
    expect(sameArabic('', '')).toBe(false);
    expect(sameArabic('؟', '؟')).toBe(false);
  });
});
