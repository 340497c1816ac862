/**
 * Arabizi → espeak-ng phonemes (the `[[...]]` input of its Arabic voice), so the local voice says
 * what the arabizi spells: ahwe, not the Modern Standard qahwa its Arabic script would give.
 *
 * The spelling conventions of docs/content-format.md say how: 2 is a glottal stop, 3 ع, 5 خ, 7 ح,
 * 8 غ; e and o are the short Lebanese vowels and i and ou the long ones (an i before two consonants is
 * short: inshallah); ei is the long e of beit; a
 * doubled letter is a doubled consonant; j is the Lebanese ج of "measure". A word never starts with a
 * vowel in Arabic: an initial vowel starts with its glottal stop (ana, ahwe). The stress follows the
 * Levantine rule: the last syllable when it is long and closed (mabsOUT), else the one before it when
 * that is long or closed (AHwe, kiFAK → KIfak), else the one before that (MARaba, MADrase).
 */

/** Longest spellings first: "sh" before "s", "ou" before "o". */
const SPELLINGS: [string, string][] = [
  ['sh', 'S'],
  ['ch', 'S'],
  ['kh', 'X'],
  ['gh', 'gH'],
  ['dj', 'Z'],
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
  // A single i is long (ktir, kifak) unless two consonants follow it (inshallah, iznak): resolved below.
  ['i', 'I'],
  ['o', 'o'],
  ['u', 'u'],
  ['y', 'j'],
  ['j', 'Z'],
  ['c', 'k'],
  ['x', 'ks'],
];
const CONSONANTS = new Set('bdfghklmnpqrstvwz'.split(''));
const isVowel = (phoneme: string) => /^[aeiouI]/.test(phoneme);
const isLong = (phoneme: string) => phoneme.endsWith(':');

/** One arabizi word as phonemes, with the stress mark espeak-ng reads (') before its stressed syllable. */
export function wordPhonemes(word: string): string {
  const phonemes: string[] = [];
  const lower = word.toLowerCase();
  for (let at = 0; at < lower.length; ) {
    const match = SPELLINGS.find(([spelling]) => lower.startsWith(spelling, at));
    if (match) {
      phonemes.push(match[1]);
      at += match[0].length;
    } else {
      if (CONSONANTS.has(lower[at])) phonemes.push(lower[at]);
      at += 1;
    }
  }
  if (phonemes.length === 0) return '';
  phonemes.forEach((p, i) => {
    if (p !== 'I') return;
    const next = phonemes.slice(i + 1);
    const consonants = next.findIndex(isVowel) === -1 ? next.length : next.findIndex(isVowel);
    phonemes[i] = consonants >= 2 ? 'i' : 'i:';
  });
  if (isVowel(phonemes[0])) phonemes.unshift('?');
  // A long i at the end of a word is said short (7abibi, ahle).
  const last = phonemes.length - 1;
  if (phonemes[last] === 'i:') phonemes[last] = 'i';

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

/** The article and the words it is joined to (bel, wel, 3al, lal): unstressed, and its l said as a sun letter. */
const ARTICLES = new Set(['el', 'l', 'bel', 'wel', '3al', 'lal']);
/** The consonants the article's l turns into ("sun letters"): el sa3a is es-sa3a, el shete esh-shete. */
const SUN_LETTERS = new Set(['t', 'T', 'd', 'D', 'r', 'z', 's', 'S', 'n', 'l', 'Z', 't[', 'd[', 's[', 'z[']);

function articlePhonemes(article: string, next: string | undefined): string {
  const before = wordPhonemes(article).replace("'", '').replace(/l$/, '');
  const first = next?.replace("'", '').match(/^(t\[|d\[|s\[|z\[|[a-zA-Z?])/)?.[0];
  return before + (first && SUN_LETTERS.has(first) ? first : 'l');
}

/**
 * A whole arabizi text as espeak-ng input: each run of words in [[...]], a comma or a full stop as a
 * short pause, and a number standing alone left outside the brackets for the voice to read.
 */
export function espeakInput(arabizi: string): string {
  const parts: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) parts.push(`[[${run.join(' ')}]]`);
    run = [];
  };
  const tokens = arabizi.match(/[A-Za-z0-9]+|[.,;:!?]/g) ?? [];
  tokens.forEach((token, i) => {
    if (/^[0-9]+$/.test(token)) {
      flush();
      parts.push(token);
    } else if (/^[.,;:!?]$/.test(token)) {
      if (run.length) run.push('_:');
    } else if (ARTICLES.has(token.toLowerCase()) && i + 1 < tokens.length && /^[A-Za-z2-8]/.test(tokens[i + 1])) {
      run.push(articlePhonemes(token.toLowerCase(), wordPhonemes(tokens[i + 1])));
    } else {
      const phonemes = wordPhonemes(token);
      if (phonemes) run.push(phonemes);
    }
  });
  if (run.at(-1) === '_:') run.pop();
  flush();
  return parts.join(' ');
}
