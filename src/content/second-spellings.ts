import type { SpellingTable } from './spelling';
import type { Reporter, TextField } from './types';

/**
 * One word, one spelling in each script (docs/content-format.md, "One spelling per word"). Every
 * arabizi text that carries its Arabic (a headword, a verb form, a question, an answer) is read word
 * by word beside it; then a word of Arabic written in two arabizi spellings of the same consonants
 * (شهر as shaher and shahr) and an arabizi word written in two Arabic spellings (ma3lesh as معليش
 * and معلش) are errors, wherever they stand. The spelling the corpus uses most is the one kept.
 * The spelling table's `homographs` name different words that one script writes alike (ضهر: dahr,
 * the back, and dohr, noon); a verb form is left to the check of verb forms (docs/content-format.md: akalt and
 * akalet are both أكلت; a sentence's misspelt form is named with its nearest form), and "your" to a man and to
 * a woman (كيفك: kifak, kifik) and a noun before another (سلطة: salata, salatet fattoush) are told
 * apart without it.
 */

const WORD = /[a-z0-9]+/g;
/** The article and the conjunctions that Arabic script joins to the next word and arabizi writes apart. */
const JOINED: Record<string, string[]> = { el: ['ال'], l: ['ال'], bel: ['بال'], wel: ['وال'], hal: ['هال'], '3al': ['عال', 'عل'], lal: ['لل'], w: ['و'], b: ['ب'] };
/** Short vowels, shadda and tatweel: a shadda is written "where it helps reading" and is no second spelling. */
const MARKS = /[\u064B-\u0652\u0640]/g;
const arabicWords = (text: string) => text.replace(MARKS, '').split(/[^\u0621-\u064A]+/).filter(Boolean);
/** The word without its article: السلامة and سلامة are one word (ma3 salame swallows the el). */
const bare = (arabic: string) => (/^ال../.test(arabic) ? arabic.slice(2) : arabic);

/** The Arabic letters an arabizi consonant may stand for, to tell a real pairing from two texts that only line up by count. */
const LETTERS: Record<string, string> = {
  b: 'بپ', p: 'بپ', t: 'تطة', j: 'جچ', g: 'جغقك', '7': 'ح', '5': 'خ', d: 'دضذ', r: 'ر', z: 'زظذض', s: 'سصثش', '3': 'ع', '8': 'غ', f: 'فڤ', v: 'فڤ', '2': 'قءأإآؤئ',
  q: 'ق', k: 'كق', l: 'ل', m: 'م', n: 'ن', h: 'هةح', w: 'وؤ', y: 'يئى', c: 'كسش', x: 'كس',
};
const ALEF_OR_HAMZA = 'اأإآءعيو';
/** Whether an arabizi word can be the Arabic word beside it: its first consonant is one of the Arabic word's first two letters. */
function plausible(arabizi: string, arabic: string) {
  const consonant = arabizi.match(/[^aeiouy]/)?.[0];
  const start = arabic.slice(0, 2);
  if (/^[aeiouy]/.test(arabizi) && [...ALEF_OR_HAMZA].includes(arabic[0])) return true;
  return !!consonant && [...(LETTERS[consonant] ?? '')].some((l) => start.includes(l));
}

interface Pair {
  arabizi: string;
  arabic: string;
}

/** Pairs each arabizi word with its Arabic word, an article written apart in arabizi matching the joined one; none when the two do not line up. */
export function alignWords(arabizi: string, arabic: string): Pair[] {
  const latin = arabizi.toLowerCase().match(WORD) ?? [];
  const script = arabicWords(arabic);
  const walk = (i: number, j: number): Pair[] | null => {
    if (i === latin.length || j === script.length) return i === latin.length && j === script.length ? [] : null;
    const prefix = (JOINED[latin[i]] ?? []).find((p) => script[j].startsWith(p) && script[j].length > p.length + 1);
    if (prefix && i + 1 < latin.length) {
      const rest = walk(i + 2, j + 1);
      if (rest) return [{ arabizi: latin[i + 1], arabic: script[j].slice(prefix.length) }, ...rest];
    }
    const rest = walk(i + 1, j + 1);
    return rest && [{ arabizi: latin[i], arabic: bare(script[j]) }, ...rest];
  };
  const pairs = walk(0, 0) ?? [];
  // A text whose words pair up by count but not by letters is not read at all: its pairs would be noise.
  return pairs.every((p) => plausible(p.arabizi, p.arabic)) ? pairs.filter((p) => !(p.arabizi in JOINED)) : [];
}

/** A word's consonants in order, a doubled one once (msakrin and msakkrin are both m-s-k-r-n). */
const skeleton = (word: string) => word.replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');
/** "Your" to a man and to a woman (kifak and kifik), and a feminine noun and its form before another noun (salata, salatet fattoush). */
const ending = (a: string, b: string) => (/ak$/.test(a) && b === `${a.slice(0, -2)}ik`) || (/[ae]$/.test(a) && /^(et|it|at)$/.test(b.slice(a.length - 1)) && b.startsWith(a.slice(0, -1)));

interface Use {
  spelling: string;
  where: TextField;
}

export function checkSecondSpellings(table: SpellingTable, texts: TextField[], report: Reporter) {
  const byArabic = new Map<string, Use[]>();
  const byArabizi = new Map<string, Use[]>();
  const forms = new Set<string>();
  for (const t of texts) {
    if (t.kind !== 'arabizi' || !t.arabic) continue;
    for (const pair of alignWords(t.text, t.arabic)) {
      if (pair.arabizi.length < 2 || /^[0-9]+$/.test(pair.arabizi)) continue;
      if (t.conjugated) forms.add(pair.arabizi);
      byArabic.set(pair.arabic, [...(byArabic.get(pair.arabic) ?? []), { spelling: pair.arabizi, where: t }]);
      byArabizi.set(pair.arabizi, [...(byArabizi.get(pair.arabizi) ?? []), { spelling: pair.arabic, where: t }]);
    }
  }
  const homograph = new Map<string, Set<string>>();
  for (const listed of table.homographs) {
    // Read as the texts are: Arabic without its shadda and short vowels, arabizi in lower case.
    const group = listed.map((word) => word.replace(MARKS, '').toLowerCase());
    for (const word of group) homograph.set(word, new Set([...(homograph.get(word) ?? []), ...group]));
  }
  const apart = (a: string, b: string) => !!homograph.get(a)?.has(b);

  const reportMinority = (uses: Use[], conflicts: (kept: string, other: string) => boolean, message: (other: string, kept: Use) => string) => {
    const counts = new Map<string, number>();
    for (const use of uses) counts.set(use.spelling, (counts.get(use.spelling) ?? 0) + 1);
    const kept = [...counts.keys()].reduce((best, s) => (counts.get(s)! > counts.get(best)! ? s : best));
    const first = uses.find((u) => u.spelling === kept)!;
    for (const use of uses) {
      if (use.spelling === kept || !conflicts(kept, use.spelling)) continue;
      report.error({ file: use.where.file, line: use.where.line, field: use.where.field, message: message(use.spelling, first) });
    }
  };

  for (const [arabic, uses] of byArabic) {
    reportMinority(
      uses,
      (a, b) => skeleton(a) === skeleton(b) && !apart(a, b) && !forms.has(a) && !forms.has(b) && !ending(a, b) && !ending(b, a),
      (other, kept) =>
        `"${other}" writes ${arabic} as "${kept.spelling}" does (${kept.where.file}:${kept.where.line}): one spelling per word (list "${other}" as a variant of "${kept.spelling}" in spelling.yaml, or both under homographs if they are different words)`,
    );
  }
  for (const [arabizi, uses] of byArabizi) {
    if (forms.has(arabizi)) continue;
    reportMinority(
      uses,
      (a, b) => !apart(a, b),
      (other, kept) =>
        `"${arabizi}" is written ${other} here and ${kept.spelling} in ${kept.where.file}:${kept.where.line}: one Arabic spelling per word (or list both under homographs in spelling.yaml if they are different words)`,
    );
  }
}
