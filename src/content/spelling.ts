import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { arabizi } from './fields';
import type { ContentIssue, ParsedContent, Reporter, TextField } from './types';
import { fieldName, parseYaml, validateDoc, type Path, type SourceDoc } from './yaml';

/** The table's place in content/: one canonical arabizi per word (docs/content-format.md, "The spelling table"). */
export const SPELLING_FILE = 'spelling.yaml';

/** A text of a parsed file, placed at its field. */
export const textAt = (
  doc: SourceDoc,
  path: Path,
  text: string,
  kind: TextField['kind'],
  translations: { arabic?: string; english?: string; conjugated?: boolean; headword?: boolean } = {},
): TextField => ({
  file: doc.file,
  line: doc.lineOf(path),
  field: fieldName(path),
  text,
  kind,
  ...translations,
});

export interface SpellingEntry {
  canonical: string;
  variants: string[];
  line: number;
}

export interface SpellingTable {
  entries: SpellingEntry[];
  /** A variant's words, lower case and joined by one space → its entry. */
  byVariant: Map<string, SpellingEntry>;
  /** Every word of every canonical spelling, lower case: words the rules accept as written. */
  canonicalWords: Set<string>;
  /** The most words a variant has, so the scan knows how far to look ahead. */
  longestVariant: number;
  /** Groups of different words that one script writes alike (dahr and dohr, both ضهر). */
  homographs: string[][];
}

const SpellingFile = v.strictObject({
  words: v.array(
    v.strictObject({
      canonical: arabizi(),
      variants: v.array(arabizi(), 'must be a list of spellings (write [] for none)'),
    }),
    'must be a list of words',
  ),
  homographs: v.optional(
    v.array(
      v.pipe(
        v.array(v.pipe(v.string('must be a spelling'), v.trim(), v.minLength(1, 'must not be empty')), 'must be a list of spellings'),
        v.minLength(2, 'must name at least two words'),
      ),
      'must be a list of groups',
    ),
  ),
});

const WORD = /[A-Za-z0-9]+/g;
const words = (s: string) => s.toLowerCase().match(WORD) ?? [];
const phrase = (s: string) => words(s).join(' ');

export const emptySpelling = (): SpellingTable => ({
  entries: [],
  byVariant: new Map(),
  canonicalWords: new Set(),
  longestVariant: 0,
  homographs: [],
});

/**
 * Reads the table, reporting a malformed entry, a spelling given twice and a variant that is also
 * a canonical spelling (the table would then contradict itself).
 */
export function parseSpelling(text: string, report: Reporter, file = SPELLING_FILE): SpellingTable {
  const table = emptySpelling();
  const doc = parseYaml({ path: file, text }, report);
  if (!doc) return table;
  const data = validateDoc(doc, SpellingFile, report);
  if (!data) return table;
  const seen = new Map<string, number>();
  const repeat = (spelling: string, path: (string | number)[]) => {
    const line = doc.lineOf(path);
    const first = seen.get(phrase(spelling));
    if (first !== undefined) report.error({ file, line, field: 'words', message: `"${spelling}" is already in the table (line ${first})` });
    else seen.set(phrase(spelling), line);
    return first !== undefined;
  };
  data.words.forEach((w, i) => {
    const entry: SpellingEntry = { canonical: w.canonical, variants: w.variants, line: doc.lineOf(['words', i, 'canonical']) };
    table.entries.push(entry);
    repeat(w.canonical, ['words', i, 'canonical']);
    for (const word of words(w.canonical)) table.canonicalWords.add(word);
    w.variants.forEach((variant, j) => {
      if (repeat(variant, ['words', i, 'variants', j])) return;
      table.byVariant.set(phrase(variant), entry);
      table.longestVariant = Math.max(table.longestVariant, words(variant).length);
    });
  });
  table.homographs = data.homographs ?? [];
  return table;
}

/** The table of a content folder, empty when it has none; for the import and for answer checking. */
export function loadSpelling(contentDir: string, report: Reporter = { error() {}, warn() {} }): SpellingTable {
  const path = join(contentDir, SPELLING_FILE);
  return existsSync(path) ? parseSpelling(readFileSync(path, 'utf8'), report) : emptySpelling();
}

/** The import keeps the table beside the parsed kinds, for the plugins' checks. */
export const SPELLING_KIND = 'spelling';
export const spellingOf = (all: ParsedContent) => ((all.get(SPELLING_KIND) ?? [])[0] as SpellingTable | undefined) ?? emptySpelling();

interface Token {
  word: string;
  lower: string;
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: m[0], lower: m[0].toLowerCase(), start: m.index!, end: m.index! + m[0].length }));
}

/**
 * A word written with a number-letter (5er, 2albe, mar7aba) is arabizi wherever it stands: English
 * has no such words, apart from ordinals and decades (2nd, 3rd, 80s) and plain numbers.
 */
export const hasNumberLetter = (word: string) => /[a-z]/i.test(word) && /[23578]/.test(word) && !/^[0-9]+(st|nd|rd|th|s)$/i.test(word);

/**
 * What the checks know of the corpus: the words written in arabizi fields (and the table's canonical
 * spellings), and the words of its English fields. A word of prose counts as arabizi when it has a
 * number-letter, or is an arabizi word that is not also English ("men" is both and stays unread).
 */
export interface Vocabulary {
  arabizi: Set<string>;
  english: Set<string>;
}

export function vocabularyOf(texts: TextField[], table: SpellingTable): Vocabulary {
  const arabiziWords = new Set(table.canonicalWords);
  const englishWords = new Set<string>();
  for (const t of texts) {
    if (t.kind === 'arabizi') for (const w of words(t.text)) arabiziWords.add(w);
    if (t.kind === 'english') for (const w of words(t.text)) if (!/[0-9]/.test(w)) englishWords.add(w);
  }
  return { arabizi: arabiziWords, english: englishWords };
}

/** An Arabic word starting with a hamza, or with a bare alef not followed by ق (اقعد is 2o3od: the 2 is its ق). */
const HAMZA_START = /^([أإآء]|ا(?!ق))/;
const VOWEL_AFTER_2 = /^2[aeiou]/;

/** Quote marks, single or double, and Markdown's * and _ around a phrase. */
const QUOTED = /(?<![A-Za-z0-9])(?:'([^']+)'|‘([^’]+)’|"([^"]+)"|“([^”]+)”|\*+([^*]+)\*+|_([^_]+)_)(?![A-Za-z0-9])/g;

/** For each word inside quotes, the indices of all the words of its quoted phrase. */
function quotedSpans(text: string, tokens: Token[]) {
  const spans = new Map<number, number[]>();
  for (const m of text.matchAll(QUOTED)) {
    const start = m.index!;
    const end = start + m[0].length;
    const inside = tokens.flatMap((tok, k) => (tok.start > start && tok.end < end ? [k] : []));
    for (const k of inside) spans.set(k, inside);
  }
  return spans;
}

/** Only spaces (or a hyphen) between two words keep them in one phrase. */
const joined = (text: string, a: Token, b: Token) => /^[\s-]+$/.test(text.slice(a.end, b.start));

/** Keeps the capital of a sentence's first word in the suggestion. */
const sameCase = (written: string, canonical: string) =>
  /^[A-Z]/.test(written) ? canonical[0].toUpperCase() + canonical.slice(1) : canonical;

/**
 * Reports, as errors, arabizi that the table spells otherwise and arabizi that breaks the
 * number-letter rules (kh, gh or ch for خ, غ, ش; a 2 for a word-initial hamza), in arabizi fields
 * and in the arabizi that prose quotes. Prose is read with care: a word is judged only where it can
 * be told from English (see `isArabiziWord`), so English words in notes are never flagged.
 */
export function checkSpelling(table: SpellingTable, vocabulary: Vocabulary, texts: TextField[], report: Reporter) {
  for (const t of texts) {
    if (t.kind === 'english') continue;
    for (const issue of spellingIssues(table, vocabulary, t)) report.error(issue);
  }
}

export function spellingIssues(table: SpellingTable, vocabulary: Vocabulary, t: TextField): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const at = (message: string) => issues.push({ file: t.file, line: t.line, field: t.field, message });
  const tokens = tokenize(t.text);
  const prose = t.kind === 'prose';
  const isEnglish = (tok: Token) => vocabulary.english.has(tok.lower);
  const isArabiziWord = (tok: Token) => hasNumberLetter(tok.word) || (vocabulary.arabizi.has(tok.lower) && !isEnglish(tok));
  /** In prose, a word next to an arabizi word (in the same phrase) is part of the arabizi it quotes. */
  const inArabiziPhrase = (i: number) =>
    (i > 0 && joined(t.text, tokens[i - 1], tokens[i]) && isArabiziWord(tokens[i - 1])) ||
    (i + 1 < tokens.length && joined(t.text, tokens[i], tokens[i + 1]) && isArabiziWord(tokens[i + 1]));
  /** A word of prose is read as arabizi when its number-letter spelling is a known word, when it has a
   * number-letter, when it stands between two arabizi words, or inside quotes ('djej mechwe') whose
   * other words are all arabizi: an English word ("much", "night", "enough") never is. */
  const known = (tok: Token) => hasNumberLetter(tok.word) || vocabulary.arabizi.has(tok.lower);
  const quotedWith = quotedSpans(t.text, tokens);
  const readAsArabizi = (i: number) => {
    const others = (quotedWith.get(i) ?? []).filter((k) => k !== i).map((k) => tokens[k]);
    if (others.length > 0 && others.every(known) && others.some(isArabiziWord)) return true;
    const left = i > 0 && joined(t.text, tokens[i - 1], tokens[i]) ? tokens[i - 1] : undefined;
    const right = i + 1 < tokens.length && joined(t.text, tokens[i], tokens[i + 1]) ? tokens[i + 1] : undefined;
    return !!left && !!right && known(left) && known(right) && (isArabiziWord(left) || isArabiziWord(right));
  };
  const arabicWords = t.arabic
    ?.split(/\s+/)
    .map((w) => w.replace(/[^\u0621-\u064A]/g, ''))
    .filter(Boolean);
  const alignedArabic = (i: number) => (arabicWords && arabicWords.length === tokens.length ? arabicWords[i] : undefined);

  // An apostrophe inside an arabizi word stands for a sound the number-letters write (sa'a for sa3a).
  if (!prose) {
    for (const m of t.text.matchAll(/[A-Za-z0-9]+(?:['’`][A-Za-z0-9]+)+/g)) {
      at(`"${m[0]}": write 2 for a glottal stop or ق and 3 for ع, not an apostrophe`);
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    // The longest variant starting here, its words joined by spaces only.
    let matched: { entry: SpellingEntry; length: number } | undefined;
    for (let n = Math.min(table.longestVariant, tokens.length - i); n >= 1 && !matched; n--) {
      const run = tokens.slice(i, i + n);
      if (run.some((tok, k) => k > 0 && !joined(t.text, run[k - 1], tok))) continue;
      const entry = table.byVariant.get(run.map((tok) => tok.lower).join(' '));
      if (entry) matched = { entry, length: n };
    }
    if (matched) {
      const written = t.text.slice(tokens[i].start, tokens[i + matched.length - 1].end);
      // A one-word variant that is also English ("bet") counts in prose only inside arabizi.
      const englishHomograph = matched.length === 1 && isEnglish(tokens[i]) && !hasNumberLetter(tokens[i].word);
      if (!prose || !englishHomograph || inArabiziPhrase(i)) {
        at(`"${written}" is spelled "${sameCase(written, matched.entry.canonical)}" (spelling.yaml line ${matched.entry.line})`);
      }
      i += matched.length - 1;
      continue;
    }

    const tok = tokens[i];
    if (table.canonicalWords.has(tok.lower)) continue;
    if (prose && isEnglish(tok)) continue;
    if (/kh|gh|ch/.test(tok.lower)) {
      const numbered = tok.lower.replace(/kh/g, '5').replace(/gh/g, '8').replace(/ch/g, 'sh');
      if (!prose || hasNumberLetter(tok.word) || vocabulary.arabizi.has(numbered) || readAsArabizi(i)) {
        const rules = [
          ['kh', '5 for خ'],
          ['gh', '8 for غ'],
          ['ch', 'sh for ش'],
        ].filter(([pair]) => tok.lower.includes(pair));
        at(
          `"${tok.word}" is written "${sameCase(tok.word, numbered)}": ${rules.map(([pair, rule]) => `${rule}, not ${pair}`).join('; ')} (a borrowed word spelled with ${rules.map(([pair]) => pair).join(' or ')} belongs in spelling.yaml)`,
        );
        continue;
      }
    }

    if (VOWEL_AFTER_2.test(tok.lower)) {
      const arabicWord = alignedArabic(i);
      const bare = tok.lower.slice(1);
      const hamza =
        arabicWord !== undefined
          ? HAMZA_START.test(arabicWord)
          : prose && vocabulary.arabizi.has(bare) && !vocabulary.arabizi.has(tok.lower);
      if (hamza) at(`"${tok.word}": a hamza at the start of a word is written as its vowel ("${sameCase(tok.word, bare)}"), not as 2`);
    }
  }
  return issues;
}
