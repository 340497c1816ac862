import { hasNumberLetter, type SpellingTable } from './spelling';
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
/** The article, the conjunctions and the prepositions (la, to; 3a, on) that Arabic script joins to the next word and arabizi writes apart. */
const JOINED: Record<string, string[]> = {
  el: ['ال'],
  l: ['ال'],
  bel: ['بال'],
  wel: ['وال'],
  hal: ['هال'],
  '3al': ['عال', 'عل'],
  lal: ['لل'],
  w: ['و'],
  b: ['ب'],
  la: ['ل'],
  '3a': ['ع'],
};
/** Short vowels, shadda and tatweel: a shadda is written "where it helps reading" and is no second spelling. */
const MARKS = /[\u064B-\u0652\u0640]/g;
const arabicWords = (text: string) =>
  text
    .replace(MARKS, '')
    .split(/[^\u0621-\u064A]+/)
    .filter(Boolean);
/** The word without its article: السلامة and سلامة are one word (ma3 salame swallows the el). */
const bare = (arabic: string) => (/^ال../.test(arabic) ? arabic.slice(2) : arabic);

/** The Arabic letters an arabizi consonant may stand for, to tell a real pairing from two texts that only line up by count. */
const LETTERS: Record<string, string> = {
  b: 'بپ',
  p: 'بپ',
  t: 'تطة',
  j: 'جچ',
  g: 'جغقك',
  '7': 'ح',
  '5': 'خ',
  d: 'دضذ',
  r: 'ر',
  z: 'زظذض',
  s: 'سصثش',
  '3': 'ع',
  '8': 'غ',
  f: 'فڤ',
  v: 'فڤ',
  '2': 'قءأإآؤئ',
  q: 'ق',
  k: 'كق',
  l: 'ل',
  m: 'م',
  n: 'ن',
  h: 'هةح',
  w: 'وؤ',
  y: 'يئى',
  c: 'كسش',
  x: 'كس',
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
  // `rest` is what is left of the Arabic word j once the joined words before it are taken off (w el ba2e: والباقي).
  const walk = (i: number, j: number, rest = script[j]): Pair[] | null => {
    if (i === latin.length || j === script.length) return i === latin.length && j === script.length ? [] : null;
    const prefix = (JOINED[latin[i]] ?? []).find((p) => rest.startsWith(p) && rest.length > p.length + 1);
    if (prefix && i + 1 < latin.length) {
      const joinedWord = walk(i + 1, j, rest.slice(prefix.length));
      if (joinedWord) return joinedWord;
    }
    const next = walk(i + 1, j + 1);
    return next && [{ arabizi: latin[i], arabic: bare(rest) }, ...next];
  };
  const pairs = walk(0, 0) ?? [];
  // A text whose words pair up by count but not by letters is not read at all: its pairs would be noise.
  return pairs.every((p) => plausible(p.arabizi, p.arabic)) ? pairs.filter((p) => !(p.arabizi in JOINED)) : [];
}

/** A word's consonants in order, a doubled one once (msakrin and msakkrin are both m-s-k-r-n). */
const skeleton = (word: string) => word.replace(/[aeiouy]/g, '').replace(/(.)\1+/g, '$1');
/** "Your" to a man and to a woman (kifak and kifik), and a feminine noun and its form before another noun (salata, salatet fattoush). */
const ending = (a: string, b: string) =>
  (/ak$/.test(a) && b === `${a.slice(0, -2)}ik`) ||
  (/[ae]$/.test(a) && /^(et|it|at)$/.test(b.slice(a.length - 1)) && b.startsWith(a.slice(0, -1)));

interface Use {
  spelling: string;
  where: TextField;
}

/**
 * The key under which two spellings are one word written twice: doubled letters once, i read as e and
 * u and ou as o (do8ri and dou8ri, raye7 and rayi7, hiyyi and hiyye). An a is kept apart from an e
 * (7ake, he spoke, and 7eke, speaking): where the two stand beside one Arabic word they are told apart
 * by their consonants instead.
 */
export function spellingKey(word: string) {
  return word
    .toLowerCase()
    .replace(/ou/g, 'o')
    .replace(/u/g, 'o')
    .replace(/i/g, 'e')
    .replace(/(.)\1+/g, '$1');
}

/** What the corpus writes for one arabizi spelling: where, with which Arabic, and how much it counts as the canonical one. */
interface Spelling {
  spelling: string;
  uses: TextField[];
  arabic: Set<string>;
  /** 3 for the spelling table's canonical form, 2 for a headword or a verb form, 1 for running text. */
  rank: number;
}

/** Numbers, one letter and the words the table maps (the table's own check names those) are not read here. */
const readable = (word: string, table: SpellingTable) => word.length >= 2 && !/^[0-9]+$/.test(word) && !table.byVariant.has(word);

/**
 * One lexicon of the corpus (docs/decisions/0071-one-lexicon.md): every arabizi word of every text
 * (a headword, a verb form, a question, an answer, a dialogue line, a lesson's Lebanese, a grammar
 * row, a note's number-letter words) with the Arabic it stands beside. Two spellings are one word
 * written twice when they share a spelling key, or the same Arabic with the same consonants; they
 * are different words when the table lists them as homographs, when both are verb forms or one is a
 * verb form and the other a word card's, when they
 * differ as "your" to a man and to a woman (kifak, kifik) or as a noun before another (salata,
 * salatet), or when each stands beside its own Arabic. Every use of a second spelling is an error
 * naming the canonical one: the table's, else a headword's or a verb form's, else the most used.
 */
export function checkSecondSpellings(table: SpellingTable, texts: TextField[], report: Reporter) {
  const lexicon = new Map<string, Spelling>();
  const byArabizi = new Map<string, Use[]>();
  const canonical = new Set(table.entries.flatMap((e) => e.canonical.toLowerCase().match(WORD) ?? []));
  const add = (word: string, t: TextField, arabic?: string) => {
    if (!readable(word, table)) return;
    const entry = lexicon.get(word) ?? { spelling: word, uses: [], arabic: new Set<string>(), rank: 1 };
    entry.uses.push(t);
    if (arabic) entry.arabic.add(arabic);
    entry.rank = Math.max(entry.rank, canonical.has(word) ? 3 : t.conjugated || t.headword ? 2 : 1);
    lexicon.set(word, entry);
  };
  const forms = new Set<string>();
  const headwords = new Set<string>();
  for (const t of texts) {
    if (t.kind !== 'arabizi') continue;
    const words = t.text.toLowerCase().match(WORD) ?? [];
    if (t.headword) for (const word of words) headwords.add(word);
    const pairs = t.arabic ? alignWords(t.text, t.arabic) : [];
    const arabicOf = new Map(pairs.map((p) => [p.arabizi, p.arabic]));
    for (const word of words) {
      if (word in JOINED) continue;
      if (t.conjugated) forms.add(word);
      add(word, t, arabicOf.get(word));
    }
    for (const pair of pairs) {
      if (pair.arabizi.length < 2 || /^[0-9]+$/.test(pair.arabizi)) continue;
      byArabizi.set(pair.arabizi, [...(byArabizi.get(pair.arabizi) ?? []), { spelling: pair.arabic, where: t }]);
    }
  }
  // A word of prose is read when it has a number-letter: another word of a note may be English.
  for (const t of texts) {
    if (t.kind !== 'prose') continue;
    for (const word of t.text.toLowerCase().match(WORD) ?? []) if (hasNumberLetter(word)) add(word, t);
  }
  const homograph = new Map<string, Set<string>>();
  for (const listed of table.homographs) {
    // Read as the texts are: Arabic without its shadda and short vowels, arabizi in lower case.
    const group = listed.map((word) => word.replace(MARKS, '').toLowerCase());
    for (const word of group) homograph.set(word, new Set([...(homograph.get(word) ?? []), ...group]));
  }
  const apart = (a: string, b: string) => !!homograph.get(a)?.has(b);
  const sharesArabic = (a: Spelling, b: Spelling) => [...a.arabic].some((w) => b.arabic.has(w));
  const ownArabic = (a: Spelling, b: Spelling) => a.arabic.size > 0 && b.arabic.size > 0 && !sharesArabic(a, b);
  const oneWord = (a: Spelling, b: Spelling) =>
    !apart(a.spelling, b.spelling) &&
    // The forms of the verb tables are all canonical, and a word card beside a verb form is another word of its root (wasl, a receipt; wesel, he arrived).
    !(forms.has(a.spelling) && (forms.has(b.spelling) || headwords.has(b.spelling))) &&
    !(forms.has(b.spelling) && headwords.has(a.spelling)) &&
    !ending(a.spelling, b.spelling) &&
    !ending(b.spelling, a.spelling) &&
    ((spellingKey(a.spelling) === spellingKey(b.spelling) && !ownArabic(a, b)) ||
      (skeleton(a.spelling) === skeleton(b.spelling) && sharesArabic(a, b)));

  const groups = new Map<string, Spelling[]>();
  for (const entry of lexicon.values()) {
    // Spellings that may be one word share a key or a skeleton: grouping by skeleton holds both.
    const k = skeleton(entry.spelling);
    groups.set(k, [...(groups.get(k) ?? []), entry]);
  }
  const better = (a: Spelling, b: Spelling) => a.rank - b.rank || a.uses.length - b.uses.length;
  for (const group of groups.values()) {
    const ranked = [...group].sort((a, b) => better(b, a));
    const reported = new Set<string>();
    for (const kept of ranked) {
      if (reported.has(kept.spelling)) continue;
      for (const other of ranked) {
        if (other === kept || reported.has(other.spelling) || better(other, kept) > 0 || !oneWord(kept, other)) continue;
        reported.add(other.spelling);
        const first = kept.uses[0];
        for (const use of new Set(other.uses)) {
          report.error({
            file: use.file,
            line: use.line,
            field: use.field,
            message: `"${other.spelling}" is a second spelling of "${kept.spelling}" (${first.file}:${first.line}): one spelling per word (list "${other.spelling}" as a variant of "${kept.spelling}" in spelling.yaml, or both under homographs if they are different words)`,
          });
        }
      }
    }
  }

  for (const [arabizi, uses] of byArabizi) {
    if (forms.has(arabizi)) continue;
    const counts = new Map<string, number>();
    for (const use of uses) counts.set(use.spelling, (counts.get(use.spelling) ?? 0) + 1);
    const kept = [...counts.keys()].reduce((best, s) => (counts.get(s)! > counts.get(best)! ? s : best));
    const first = uses.find((u) => u.spelling === kept)!;
    for (const use of uses) {
      if (use.spelling === kept || apart(kept, use.spelling)) continue;
      report.error({
        file: use.where.file,
        line: use.where.line,
        field: use.where.field,
        message: `"${arabizi}" is written ${use.spelling} here and ${kept} in ${first.where.file}:${first.where.line}: one Arabic spelling per word (or list both under homographs in spelling.yaml if they are different words)`,
      });
    }
  }
}
