/**
 * Arabizi → espeak-ng phonemes (the `[[...]]` input of its Arabic voice), so the local voice says
 * what the arabizi spells: ahwe, not the Modern Standard qahwa its Arabic script would give
 * (docs/decisions/0029-a-lebanese-voice.md).
 *
 * The spelling conventions of docs/content-format.md say how: 2 is a glottal stop, 3 ع, 5 خ, 7 ح,
 * 8 غ; e and o are short vowels, ou and ei long ones; a doubled letter is a doubled consonant. Each
 * sound is one of the Arabic voice's own phonemes, checked by what the voice prints (speech.test.ts):
 * its r is `R` (its `r` is the English ɹ), and its `Z` is ظ, so the Lebanese j of "measure" is `z.`
 * (the nearest sound its table has: it has no ʒ).
 *
 * What arabizi does not write, the Arabic script beside it does: a vowel written with ا, و or ي is
 * long (salāme, ta3bān), and a consonant written ص ط ض ظ is emphatic, darkening the vowels beside it
 * (tayyeb, saba7). The two are aligned letter by letter (`alignArabic`).
 *
 * The stress follows the Levantine rule: the last syllable when it is long and closed (ta3BAN), else
 * the one before it when that is long or closed (saLAme, AHwe), else the one before that (MARhaba).
 * A glottal stop opens a vowel-initial word only where a phrase starts: within a phrase the words
 * run together (w enta, el 5er).
 */

type Unit = { kind: 'consonant' | 'vowel' | 'space'; spelling: string; phoneme: string };

/** Longest spellings first: "sh" before "s", "ou" before "o". */
const SPELLINGS: [string, string][] = [
  ['sh', 'S'],
  ['ch', 'S'],
  ['kh', 'X'],
  ['gh', 'gH'],
  ['dj', 'z.'],
  ['ou', 'u:'],
  ['oo', 'u:'],
  ['ee', 'i:'],
  ['ii', 'i:'],
  ['aa', 'a:'],
  ['ei', 'e:'],
  ['2', '?'],
  ['3', 'A'],
  ['5', 'X'],
  ['7', 'H'],
  ['8', 'gH'],
  ['a', 'a'],
  ['e', 'e'],
  // A single i is long (ktir, kifak) unless two consonants follow it (inshallah): the Arabic script decides where it is given.
  ['i', 'I'],
  ['o', 'o'],
  ['u', 'u'],
  ['y', 'j'],
  ['j', 'z.'],
  ['r', 'R'],
  ['c', 'k'],
  ['x', 'ks'],
];
const CONSONANTS = new Set('bdfghklmnpqstvwz'.split(''));
const VOWEL_SPELLINGS = new Set(['ou', 'oo', 'ee', 'ii', 'aa', 'ei', 'a', 'e', 'i', 'o', 'u']);

/**
 * A loanword's letters as arabizi spells their sounds, so none is dropped: ç and a c before e, i or y
 * are s (ça va, merci, service), the Italian ci before a vowel is tsh (ciao), and an accented vowel is
 * its plain one (café, très, à).
 */
function plainLetters(text: string): string {
  return text
    .replace(/[çÇ]/g, 's')
    .replace(/[œŒæÆ]/g, 'e')
    .replace(/ci(?=[aou])/gi, 'tsh')
    .replace(/c(?=[eiy])/gi, 's')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/**
 * The present's b- before the he/they prefix y- and a consonant (bykoun, byshoufo, by2oul) is said
 * bi-: Lebanese say bikoun, never b-y-koun. Its i is short, though the Arabic writes it ي (بيكون).
 */
const PRESENT_BY = /^by(?=[^aeiouy ])/;

/** Arabizi as spelling units, each with its phoneme. */
function unitsOf(arabizi: string): Unit[] {
  const units: Unit[] = [];
  const lower = arabizi.toLowerCase();
  for (let at = 0; at < lower.length; ) {
    if (lower[at] === ' ') {
      units.push({ kind: 'space', spelling: ' ', phoneme: ' ' });
      at += 1;
      continue;
    }
    if ((at === 0 || lower[at - 1] === ' ') && PRESENT_BY.test(lower.slice(at))) {
      units.push({ kind: 'consonant', spelling: 'b', phoneme: 'b' }, { kind: 'vowel', spelling: 'y', phoneme: 'i' });
      at += 2;
      continue;
    }
    const match = SPELLINGS.find(([spelling]) => lower.startsWith(spelling, at));
    if (match) {
      units.push({ kind: VOWEL_SPELLINGS.has(match[0]) ? 'vowel' : 'consonant', spelling: match[0], phoneme: match[1] });
      at += match[0].length;
    } else {
      if (CONSONANTS.has(lower[at])) units.push({ kind: 'consonant', spelling: lower[at], phoneme: lower[at] });
      at += 1;
    }
  }
  return units;
}

/** The Arabic letters each arabizi consonant may be written with. */
const WRITTEN: Record<string, string> = {
  b: 'ب',
  p: 'بپ',
  t: 'تطثة',
  d: 'دضذ',
  z: 'زظذ',
  s: 'سصث',
  sh: 'ش',
  ch: 'ش',
  j: 'ج',
  dj: 'ج',
  g: 'جقگ',
  '7': 'ح',
  h: 'هة',
  '5': 'خ',
  kh: 'خ',
  '3': 'ع',
  '8': 'غ',
  gh: 'غ',
  f: 'فڤ',
  v: 'فڤ',
  q: 'ق',
  k: 'كق',
  c: 'ك',
  x: 'كس',
  '2': 'ءأإآؤئق',
  l: 'ل',
  m: 'م',
  n: 'ن',
  r: 'ر',
  w: 'و',
  y: 'ي',
};
/** The long-vowel letters each arabizi vowel may stand for (and the ي that writes the short i of by-, PRESENT_BY). */
const LONG: Record<string, string> = {
  y: 'ي',
  a: 'اىآ',
  aa: 'اآ',
  e: 'ياى',
  ei: 'ي',
  i: 'ي',
  ee: 'ي',
  ii: 'ي',
  o: 'و',
  u: 'و',
  ou: 'و',
  oo: 'و',
};
const EMPHATIC = 'صطضظ';
const ARABIC_LETTER = /[\u0621-\u064A\u067E\u06A4\u06AF ]/;

/**
 * Aligns each arabizi unit with the Arabic letter it is written with (or none), by the cheapest
 * edit between the two spellings: a consonant on a letter that can write it costs nothing, a short
 * vowel on no letter costs nothing, a letter left over (a hamza's seat, the article's alif) costs a
 * little. Returns, for each unit, the Arabic letter or ''.
 */
function alignArabic(units: Unit[], arabic: string): string[] {
  const letters = [...arabic.replace(/\s+/g, ' ').trim()].filter((c) => ARABIC_LETTER.test(c));
  const n = units.length;
  const m = letters.length;
  const pair = (u: Unit, letter: string) => {
    if (u.kind === 'space') return letter === ' ' ? 0 : null;
    if (letter === ' ') return null;
    if (u.kind === 'vowel')
      return LONG[u.spelling]?.includes(letter) || (letter === 'ة' && (u.spelling === 'a' || u.spelling === 'e')) ? 0 : null;
    return WRITTEN[u.spelling]?.includes(letter) ? 0 : null;
  };
  const skipUnit = (u: Unit, before: Unit | undefined) =>
    u.kind === 'vowel' ? 0 : u.kind === 'space' ? 1 : before?.spelling === u.spelling ? 0.5 : 3;
  const skipLetter = (letter: string) => (letter === ' ' ? 1 : 'اأإآءئؤىة'.includes(letter) ? 1 : 2.5);
  const cost = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  cost[0][0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const here = cost[i][j];
      if (here === Infinity) continue;
      if (i < n) cost[i + 1][j] = Math.min(cost[i + 1][j], here + skipUnit(units[i], units[i - 1]));
      if (j < m) cost[i][j + 1] = Math.min(cost[i][j + 1], here + skipLetter(letters[j]));
      const paired = i < n && j < m ? pair(units[i], letters[j]) : null;
      if (paired !== null) cost[i + 1][j + 1] = Math.min(cost[i + 1][j + 1], here + paired);
    }
  }
  const aligned = new Array<string>(n).fill('');
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const here = cost[i][j];
    const paired = i > 0 && j > 0 ? pair(units[i - 1], letters[j - 1]) : null;
    if (paired !== null && cost[i - 1][j - 1] + paired === here) {
      aligned[i - 1] = letters[j - 1];
      i--;
      j--;
    } else if (i > 0 && cost[i - 1][j] + skipUnit(units[i - 1], units[i - 2]) === here) i--;
    else j--;
  }
  return aligned;
}

const isVowel = (phoneme: string) => /^[aeiouI]/.test(phoneme);
const isLong = (phoneme: string) => phoneme.endsWith(':');
const EMPHATICS: Record<string, string> = { t: 't[', s: 's[', d: 'dH', z: 'z' };
const isEmphatic = (phoneme: string) => ['t[', 's[', 'dH'].includes(phoneme);

/** One word's units as phonemes, with the stress mark espeak-ng reads (') before its stressed syllable. */
function wordOf(units: Unit[], written: string[] | null, phraseStart: boolean): string {
  const phonemes: string[] = [];
  const emphatic: boolean[] = [];
  units.forEach((unit, k) => {
    const letter = written?.[k] ?? '';
    let phoneme = unit.phoneme;
    const emphaticLetter = letter !== '' && EMPHATIC.includes(letter);
    if (unit.kind === 'consonant' && emphaticLetter && EMPHATICS[phoneme]) phoneme = EMPHATICS[phoneme];
    if (unit.kind === 'vowel' && written) {
      // A final alif before an unwritten n is the seat of -an (shukran), not a long a.
      const tanween = letter === 'ا' && k === units.length - 2 && units[k + 1].spelling === 'n' && !written[k + 1];
      const long = letter !== '' && letter !== 'ة' && !tanween && unit.spelling !== 'y';
      phoneme = phoneme.replace(':', '').replace('I', 'i') + (long || isLong(unit.phoneme) ? ':' : '');
    }
    phonemes.push(phoneme);
    emphatic.push(unit.kind === 'consonant' && emphaticLetter);
  });
  if (phonemes.length === 0) return '';
  phonemes.forEach((p, i) => {
    if (p !== 'I') return;
    const next = phonemes.slice(i + 1);
    const consonants = next.findIndex(isVowel) === -1 ? next.length : next.findIndex(isVowel);
    phonemes[i] = consonants >= 2 ? 'i' : 'i:';
  });
  // The vowels beside an emphatic consonant are its dark ones (the voice's a., i., u.).
  phonemes.forEach((p, i) => {
    if (!/^[aiu]:?$/.test(p)) return;
    if (isEmphatic(phonemes[i - 1] ?? '') || isEmphatic(phonemes[i + 1] ?? '') || emphatic[i - 1] || emphatic[i + 1])
      phonemes[i] = p[0] + '.' + p.slice(1);
  });
  if (isVowel(phonemes[0]) && phraseStart) phonemes.unshift('?');
  // A long vowel at the end of a word of more than one syllable is said short (7abibi, baddi, hayda).
  const last = phonemes.length - 1;
  if (isLong(phonemes[last]) && phonemes.filter(isVowel).length > 1) phonemes[last] = phonemes[last].replace(':', '');

  // Syllables start at a vowel's onset: one consonant before a vowel opens its syllable, the rest close the one before.
  const nuclei = phonemes.flatMap((p, i) => (isVowel(p) ? [i] : []));
  if (nuclei.length === 0) return phonemes.join('');
  const onsets = nuclei.map((n, k) => (k === 0 ? 0 : n - 1 > nuclei[k - 1] ? n - 1 : n));
  const heavy = (k: number) => {
    const end = k + 1 < nuclei.length ? onsets[k + 1] : phonemes.length;
    return isLong(phonemes[nuclei[k]]) || end - nuclei[k] > 1;
  };
  const n = nuclei.length;
  const finalCoda = phonemes.length - 1 - nuclei[n - 1];
  const superheavy = (isLong(phonemes[nuclei[n - 1]]) && finalCoda >= 1) || finalCoda >= 2;
  const stressed = n === 1 || superheavy ? n - 1 : heavy(n - 2) || n === 2 ? n - 2 : n - 3;
  const at = onsets[stressed];
  return [...phonemes.slice(0, at), "'", ...phonemes.slice(at)].join('');
}

/** One arabizi word as phonemes, as it is said at the start of a phrase. */
export function wordPhonemes(word: string, arabic = ''): string {
  const units = unitsOf(word);
  return wordOf(units, arabic ? alignArabic(units, arabic) : null, true);
}

/** The article and the words it is joined to (bel, wel, 3al, lal): unstressed, and its l said as a sun letter. */
const ARTICLES = new Set(['el', 'l', 'bel', 'wel', '3al', 'lal']);
/** The consonants the article's l turns into ("sun letters"): el sa3a is es-sa3a, el shete esh-shete. */
const SUN_LETTERS = new Set(['t', 't[', 'd', 'dH', 'R', 'z', 's', 's[', 'S', 'n', 'l', 'z.']);
/** A word of one consonant (w "and", b "in", l "to") is said as one with the next word. */
const PROCLITIC = /^[wbl]$/i;

function articlePhonemes(article: string, next: string | undefined, phraseStart: boolean): string {
  const before = wordOf(unitsOf(article), null, phraseStart).replace("'", '').replace(/l$/, '');
  const first = next?.replace(/^'/, '').match(/^(t\[|s\[|dH|z\.|[a-zA-Z?])/)?.[0];
  return before + (first && SUN_LETTERS.has(first) ? first : 'l');
}

/**
 * A whole arabizi text as espeak-ng input: each run of words in [[...]], with the mark that ends its
 * clause after the brackets, where the voice reads it as text: a comma or a full stop is a pause and
 * the tune of its clause, a question mark a question's rising tune (a mark inside the brackets would
 * be no more than a pause). A number standing alone is left outside the brackets for the voice to
 * read. The Arabic script, when given, tells long vowels and emphatic consonants.
 */
export function espeakInput(text: string, arabic = ''): string {
  const arabizi = plainLetters(text);
  const tokens = arabizi.match(/[A-Za-z0-9]+|[.,;:!?]/g) ?? [];
  const wordsOnly = tokens.filter((t) => !/^[.,;:!?]$/.test(t) && !/^[0-9]+$/.test(t)).join(' ');
  const units = unitsOf(wordsOnly);
  const written = arabic ? alignArabic(units, arabic) : null;
  // Each word's own units and their letters, in order.
  const perWord: { units: Unit[]; written: string[] | null }[] = [];
  let start = 0;
  units.forEach((unit, k) => {
    if (unit.kind !== 'space') return;
    perWord.push({ units: units.slice(start, k), written: written?.slice(start, k) ?? null });
    start = k + 1;
  });
  perWord.push({ units: units.slice(start), written: written?.slice(start) ?? null });

  const parts: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) parts.push(`[[${run.join(' ')}]]`);
    run = [];
  };
  let word = 0;
  let pending = '';
  tokens.forEach((token, i) => {
    if (/^[0-9]+$/.test(token)) {
      flush();
      parts.push(token);
      return;
    }
    if (/^[.,;:!?]$/.test(token)) {
      flush();
      if (parts.length && !/[.,;:!?]$/.test(parts.at(-1)!)) parts[parts.length - 1] += token;
      return;
    }
    const own = perWord[word++];
    const phraseStart = run.length === 0;
    const next = tokens[i + 1];
    if (ARTICLES.has(token.toLowerCase()) && next && /^[A-Za-z2-8]/.test(next)) {
      const following = perWord[word];
      run.push(
        articlePhonemes(
          token.toLowerCase(),
          following ? wordOf(following.units, following.written, false) : undefined,
          phraseStart && !pending,
        ),
      );
      return;
    }
    if (PROCLITIC.test(token) && next && /^[A-Za-z2-8]/.test(next)) {
      pending += own.units.map((u) => u.phoneme).join('');
      return;
    }
    const phonemes = wordOf(own.units, own.written, phraseStart && !pending);
    if (phonemes) run.push(pending + phonemes);
    pending = '';
  });
  if (pending) run.push(pending);
  flush();
  return parts.join(' ');
}
