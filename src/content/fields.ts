import * as v from 'valibot';
import type { SourceDoc, Path } from './yaml';
import { fieldName } from './yaml';
import type { Reporter } from './types';

/** Field rules every content kind shares, so a reader's objections are caught the same way everywhere. */
const LATIN = /[A-Za-z]/;
const DIGIT = /[0-9\u0660-\u0669]/;
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export const text = (what = 'text') => v.pipe(v.string(`must be ${what}`), v.trim(), v.minLength(1, 'must not be empty'));

export const arabic = () =>
  v.pipe(
    text('Arabic script'),
    v.check((s) => !LATIN.test(s), 'Arabic script must not contain Latin letters'),
    v.check((s) => !DIGIT.test(s), 'Arabic script must not contain digits'),
    v.check((s) => ARABIC_LETTER.test(s), 'must be written in Arabic script'),
  );

export const arabizi = () =>
  v.pipe(
    text('arabizi'),
    v.check((s) => !ARABIC_LETTER.test(s), 'arabizi must not contain Arabic letters'),
    v.check((s) => LATIN.test(s), 'arabizi must contain Latin letters'),
  );

/** An optional note: leave it out rather than write it empty. */
export const optionalNote = () =>
  v.optional(v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty (leave the note out instead)')));

export const key = () =>
  v.pipe(
    v.union([v.string(), v.number()], 'must be a key (text)'),
    v.transform(String),
    v.trim(),
    v.minLength(1, 'must not be empty'),
    v.maxLength(120, 'must be at most 120 characters'),
  );

/** A stable key from English text: lower case, spaces to '-'. */
export const slug = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The number-letters and the Arabic letters they stand for. `reverse`: whether the Arabic letter
 * without its number is worth a warning too. Not for 2: an initial hamza is written as a plain vowel
 * (ana, أنا), and Lebanese often drop ق altogether or write it k or q in borrowed words.
 */
const NUMBER_LETTERS: { digit: string; letters: string; name: string; reverse: boolean }[] = [
  { digit: '2', letters: 'ءأإآؤئق', name: 'hamza (ء أ إ آ ؤ ئ) or ق', reverse: false },
  { digit: '3', letters: 'ع', name: 'ع', reverse: true },
  { digit: '5', letters: 'خ', name: 'خ', reverse: true },
  { digit: '7', letters: 'ح', name: 'ح', reverse: true },
  { digit: '8', letters: 'غ', name: 'غ', reverse: true },
];

/** Digits written as a number ("2 kilo", "sa3a 10") are numerals, not number-letters. */
const NUMERAL = /(?<![A-Za-z'])[0-9]+(?![A-Za-z'])/g;

/**
 * Warns where arabizi and Arabic disagree on a number-letter: a 3 with no ع, an ع with no 3, and so
 * on for 5/خ, 7/ح and 8/غ (kh and gh do not count: the convention is the number), and a 2 with no
 * hamza or ق. Warnings never fail the import.
 */
export function checkNumberLetters(doc: SourceDoc, path: Path, arabiziText: string, arabicText: string, report: Reporter) {
  const letters = arabiziText.replace(NUMERAL, ' ');
  const warn = (message: string) => report.warn({ file: doc.file, line: doc.lineOf(path), field: fieldName(path), message });
  for (const { digit, letters: arabicLetters, name, reverse } of NUMBER_LETTERS) {
    const hasDigit = letters.includes(digit);
    const found = [...arabicLetters].find((l) => arabicText.includes(l));
    if (hasDigit && !found)
      warn(`arabizi "${arabiziText}" has ${digit === '8' ? 'an' : 'a'} ${digit} but the Arabic "${arabicText}" has no ${name}`);
    else if (reverse && found && !hasDigit) warn(`the Arabic "${arabicText}" has ${found} but arabizi "${arabiziText}" has no ${digit}`);
  }
}

export interface Place {
  file: string;
  line: number;
  field: string;
}

/**
 * Reports every item whose key an earlier item, in this file or another, already uses: the database
 * keeps one row per key, so the second would otherwise fail the write instead of naming the mistake.
 */
export function reportRepeats<T>(
  items: T[],
  keyOf: (item: T) => string,
  placeOf: (item: T) => Place,
  what: (item: T) => string,
  report: Reporter,
) {
  const first = new Map<string, Place>();
  for (const item of items) {
    const k = keyOf(item);
    const place = placeOf(item);
    const other = first.get(k);
    if (!other) first.set(k, place);
    else report.error({ ...place, message: `${what(item)} is also used in ${other.file} (line ${other.line})` });
  }
}
