/**
 * Arabic script folded into one comparable form, for what a speech recogniser heard against the
 * expected Arabic (docs/decisions/0033-saying-it.md). Pure, with no imports, so the browser takes it.
 *
 * Recognisers and authors write one word several ways: with or without the short-vowel marks and the
 * shadda, with a stretching tatweel, with any of the alef's hamza forms, a final ta marbuta or ha, a
 * final alef maqsura or ya, the Persian kaf and ya, and their own punctuation and spacing.
 */

/** Short vowels, tanwin, shadda, sukun, the dagger alef and the Quranic marks; the tatweel; invisible joiners and marks. */
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640\u200B-\u200F\u061C\uFEFF]/g;
const FOLDS: [RegExp, string][] = [
  [/[\u0622\u0623\u0625\u0671\u0672\u0673]/g, '\u0627'], // آ أ إ ٱ → ا
  [/\u0624/g, '\u0648'], // ؤ → و
  [/[\u0626\u0649\u06CC\u064A]/g, '\u064A'], // ئ ى ی → ي
  [/\u0621/g, ''], // a lone hamza is written or left out
  [/\u0629/g, '\u0647'], // ة → ه
  [/\u06A9/g, '\u0643'], // ک → ك
];
/** Anything but letters and digits separates words (Arabic and Latin punctuation alike). */
const SEPARATORS = /[^\p{L}\p{N}]+/gu;

/** The folded form of Arabic text: marks dropped, letter variants made one, words separated by single spaces. */
export function normalArabic(text: string): string {
  let out = text.toLowerCase().normalize('NFC').replace(MARKS, '');
  for (const [from, to] of FOLDS) out = out.replace(from, to);
  return out.replace(SEPARATORS, ' ').trim();
}

/** Whether two Arabic texts say the same once folded; word breaks aside (ع البيت and عالبيت are one phrase said). */
export function sameArabic(heard: string, expected: string): boolean {
  const key = (text: string) => normalArabic(text).replace(/ /g, '');
  const a = key(heard);
  return a !== '' && a === key(expected);
}
