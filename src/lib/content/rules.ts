import * as v from 'valibot';
import type { SourceDoc, Path } from './yaml';
import { fieldName } from './yaml';
import type { Reporter } from './types';

/** Field rules every content kind shares, so a reader's objections are caught the same way everywhere. */
const LATIN = /[A-Za-z]/;
const DIGIT = /[0-9\u0660-\u0669]/;
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export const text = (what = 'text') =>
  v.pipe(
    v.string(`must be ${what}`),
    v.trim(),
    v.minLength(1, 'must not be empty'),
  );

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

export const optionalNote = () => v.optional(v.pipe(v.string('must be text'), v.trim(), v.transform((s) => (s === '' ? undefined : s))));

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

const NUMBER_LETTERS: { digit: string; letters: string; name: string }[] = [
  { digit: '3', letters: 'ع', name: 'ع' },
  { digit: '7', letters: 'ح', name: 'ح' },
  { digit: '5', letters: 'خ', name: 'خ' },
  { digit: '8', letters: 'غ', name: 'غ' },
];

/**
 * Warns where arabizi and Arabic disagree on a number-letter: a 3 with no ع, an ع with no 3, and so
 * on for 7/ح, 5/خ (also written kh) and 8/غ (also gh). Warnings never fail the import.
 */
export function checkNumberLetters(doc: SourceDoc, path: Path, arabiziText: string, arabicText: string, report: Reporter) {
  const lower = arabiziText.toLowerCase();
  for (const { digit, letters, name } of NUMBER_LETTERS) {
    const hasDigit = lower.includes(digit) || (digit === '5' && lower.includes('kh')) || (digit === '8' && lower.includes('gh'));
    const hasLetter = [...letters].some((l) => arabicText.includes(l));
    if (lower.includes(digit) && !hasLetter) {
      report.warn({ file: doc.file, line: doc.lineOf(path), field: fieldName(path), message: `arabizi "${arabiziText}" has a ${digit} but the Arabic "${arabicText}" has no ${name}` });
    } else if (hasLetter && !hasDigit) {
      report.warn({ file: doc.file, line: doc.lineOf(path), field: fieldName(path), message: `the Arabic "${arabicText}" has ${name} but arabizi "${arabiziText}" has no ${digit}` });
    }
  }
}
