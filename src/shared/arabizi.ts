/**
 * Arabizi spelling habits folded into one comparable key, for the server's sentence scoring and the
 * browser's typed answers alike (docs/decisions/0009-arabizi-answers.md). Pure, with no imports, so
 * the client bundle takes it without any server code.
 *
 * Learners write one Lebanese word many ways: 3 or a for ع, 7 or h for ح, 2, ' or nothing for the
 * glottal stop, 5 or kh for خ, 8 or gh for غ, sh or ch for ش, e or i, ou, o or u, doubled consonants or
 * not, el or l- for the article. The key keeps one of each: a, h, nothing, 5, 8, sh, i, u, single
 * letters, and the article as l joined to its word ("el 5er" and "l-5er" → "l5ir"). The diphthong
 * (khair, kheir) is one, ay; 5er is another spelling content/spelling.yaml lists.
 */

/** Every apostrophe-like mark a keyboard offers for the glottal stop. */
export const APOSTROPHES = /[’‘`´ʼʾ']/g;
/** Anything but letters, digits and spaces separates words (punctuation, the article's hyphen). */
const SEPARATORS = /[^\p{L}\p{N}\s]/gu;
const ARTICLES = new Set(['il', 'l']);
/** A number-letter written twice beside a letter is one, doubled like any consonant: de22elle, t2a55art. */
const DOUBLED_NUMBER_LETTER = /(?<=\p{L})([23578])\1+|([23578])\2+(?=\p{L})/gu;
/**
 * Number-letters touch a letter and no other digit: 2 in 2ahwe, not in 12 or a lone 2. Two of them
 * may stand side by side between letters (bo23od, ma2a3ad): each is a letter then.
 */
const NUMBER_LETTERS = /(?<=\p{L})[237]{1,2}(?!\p{N})|(?<!\p{N})[237]{1,2}(?=\p{L})/gu;
const NUMBER_LETTER_SOUNDS: Record<string, string> = { '2': '', '3': 'a', '7': 'h' };

/**
 * Spellings the habits above do not explain (mnshouf for menshouf, kifek for kifak), from the content's
 * spelling table: built once by `spellingLexicon` and passed to `arabiziKey`.
 */
export interface SpellingLexicon {
  /** The habit key of a variant → the key of its canonical form. */
  keys: Record<string, string>;
  /** A variant whose habit key is also another word's (kifek and kifik are both kifik), by its exact spelling. */
  exact: Record<string, string>;
  /** The most words a variant key has. */
  longest: number;
  /**
   * Every form the content teaches, as [arabizi, English]: its words, every verb form and the paradigms
   * of content/paradigms (baddi "I want", badda "she wants"), so an answer that is another form is refused by name.
   */
  forms: string[][];
  /** The words whose Arabic ends in ة: their last vowel is written e or a alike (2ahwe, 2ahwa), where it is no ending of grammar. */
  feminine: string[];
  /** The numbers of the Numbers topic as [digits, arabizi] (8, tmene): digits are accepted for them. */
  numbers: string[][];
}

export const EMPTY_LEXICON: SpellingLexicon = { keys: {}, exact: {}, longest: 0, forms: [], feminine: [], numbers: [] };

/**
 * The lexicon of a spelling table (`words: [{ canonical, variants }]`) with the forms the content
 * teaches (`known`). A variant is matched by its habit key when that key belongs to no canonical form,
 * no known form and no other variant; one the habits would confuse with another word is matched only as written.
 */
export function spellingLexicon(
  entries: { canonical: string; variants: string[] }[],
  known: Pick<SpellingLexicon, 'forms' | 'feminine' | 'numbers'> = { forms: [], feminine: [], numbers: [] },
): SpellingLexicon {
  // A form the content teaches is a canonical spelling too: be7ebb (a spelling of b7ebb, "I love")
  // folds to bi7ebb ("he loves"), so it is matched only as written.
  const canonicalKeys = new Set([...entries.map((e) => habitKey(e.canonical)), ...known.forms.map(([arabizi = '']) => habitKey(arabizi))]);
  const claims = new Map<string, Set<string>>();
  for (const e of entries) {
    const target = habitKey(e.canonical);
    for (const v of e.variants) {
      const key = habitKey(v);
      if (key !== target) claims.set(key, (claims.get(key) ?? new Set()).add(target));
    }
  }
  const lexicon: SpellingLexicon = {
    keys: {},
    exact: {},
    longest: 0,
    forms: known.forms,
    feminine: known.feminine,
    numbers: known.numbers,
  };
  for (const e of entries) {
    const target = habitKey(e.canonical);
    for (const v of e.variants) {
      const key = habitKey(v);
      if (key === target || key === '') continue;
      if (!canonicalKeys.has(key) && claims.get(key)!.size === 1) {
        lexicon.keys[key] = target;
        lexicon.longest = Math.max(lexicon.longest, key.split(' ').length);
      } else if (key !== normalWords(v)) lexicon.exact[normalWords(v)] = target;
    }
  }
  return lexicon;
}

/**
 * The key sentence scoring compares (docs/decisions/0009): the spelling key with a word's last vowel
 * written a, e or i as one letter (samke, samka), the glottal stop dropped everywhere and the
 * diphthong written as i, since a sentence's key words are found, not judged.
 */
export function arabiziKey(text: string, lexicon: SpellingLexicon = EMPTY_LEXICON): string {
  // Until nothing changes: a word folded here may be a variant the lexicon knows.
  let key = text;
  for (let pass = 0; pass < 4; pass++) {
    const next = foundKey(spellingKey(key, lexicon));
    if (next === key) break;
    key = next;
  }
  return key;
}

/**
 * What judging keeps apart is one for finding: a glottal stop between vowels (fe2et, fe2t) is dropped
 * (manta2a, mantaa), the diphthong is i (yomein, yomeen), a word's last vowel a (samke, samka) and a
 * doubled first consonant single (mmarrda, marda).
 */
function foundKey(key: string): string {
  return collapse(
    key
      .replace(/ʔ/g, '')
      .replace(/a[iy](?![aiu])/g, 'i')
      .replace(/(?<=i)h(?![\p{L}\p{N}])/gu, ''),
  )
    .split(' ')
    .map((word) => (word.length > 2 ? word.replace(/[ai]$/, 'a') : word).replace(/^([^aeiou])\1/, '$1'))
    .join(' ');
}

/**
 * The spelling key of an arabizi text: the habits folded, then the lexicon's variants replaced. It
 * folds spelling only, never an ending that is grammar (baddi, badda: docs/decisions/0069-a-judge-that-knows-the-forms.md).
 */
export function spellingKey(text: string, lexicon: SpellingLexicon = EMPTY_LEXICON): string {
  const exact = normalWords(text)
    .split(' ')
    .map((w) => own(lexicon.exact, w) ?? w)
    .join(' ');
  let key = habitKey(exact);
  // Until nothing changes: a canonical form put in may complete a longer variant with its neighbours.
  for (let pass = 0; pass < 4 && lexicon.longest > 0; pass++) {
    const next = habitKey(replaceVariants(key, lexicon));
    if (next === key) break;
    key = next;
  }
  return key;
}

/** A lexicon entry, never an inherited property ("constructor" is a word a learner may type). */
const own = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) ? table[key] : undefined);

/** Lower case and NFKC, words split at anything but letters, digits and apostrophes. */
export function normalWords(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}\s’‘`´ʼʾ']/gu, ' ')
    .trim()
    .split(/\s+/)
    .join(' ');
}

/**
 * The longest variant keys first, word by word. The habits join the article to its word ("el 7sab" is
 * l7sab's key), so a variant is also found behind a leading l when the word as a whole is none.
 */
function replaceVariants(key: string, lexicon: SpellingLexicon): string {
  const words = key.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let n = Math.min(lexicon.longest, words.length - i);
    for (; n > 0; n--) {
      const rest = words.slice(i + 1, i + n);
      const canonical = own(lexicon.keys, [words[i], ...rest].join(' '));
      if (canonical !== undefined) {
        out.push(canonical);
        break;
      }
      const behindArticle =
        words[i]!.length > 1 && words[i]!.startsWith('l') ? own(lexicon.keys, [words[i]!.slice(1), ...rest].join(' ')) : undefined;
      if (behindArticle !== undefined) {
        out.push(`l${behindArticle}`);
        break;
      }
    }
    if (n === 0) out.push(words[i]!);
    i += Math.max(n, 1);
  }
  return out.join(' ');
}

/** The spelling habits alone, applied until nothing changes (one habit's result may meet another's). */
function habitKey(text: string): string {
  let key = text.normalize('NFKC').toLowerCase().normalize('NFKC');
  for (let pass = 0; pass < 5; pass++) {
    const next = habits(key);
    if (next === key) break;
    key = next;
  }
  return key;
}

function habits(text: string): string {
  const letters = text
    // A glottal stop between vowels is kept, as one mark: dropped, fe2et ("she woke up") would be fe2t ("I woke up").
    .replace(/(?<=[aeiou])(?:2+|q+|[’‘`´ʼʾ'])(?=[aeiou])/g, 'ʔ')
    .replace(APOSTROPHES, '')
    // q is the qaf, said as the glottal stop (qahwe, 2ahwe). A final h after e or i is silent (ahweh, ahwe),
    // and since h is also written for 7, a final 7 there goes with it (mbere7, mbereh, mbirih).
    .replace(/q/g, '2')
    .replace(/(?<=[\p{L}\p{N}][ei])[h7](?![\p{L}\p{N}])/gu, '')
    .replace(SEPARATORS, ' ')
    .replace(DOUBLED_NUMBER_LETTER, '$1$2')
    .replace(NUMBER_LETTERS, (run) => [...run].map((digit) => NUMBER_LETTER_SOUNDS[digit]).join(''))
    // The diphthong written ai, ei, ay or ey is one (kheir, khair; beit, bayt), kept apart from e
    // (stanneit, "I waited"; stannet, "she waited").
    .replace(/[ae][iy](?![aeiouy])/g, 'ay')
    .replace(/kh/g, '5')
    .replace(/gh/g, '8')
    .replace(/ch/g, 'sh')
    .replace(/ou|o/g, 'u')
    // y between consonants is a vowel: bykoun is bikoun (by- and bi- are one prefix).
    .replace(/(?<=[b-df-hj-np-tv-xz])y(?=[b-df-hj-np-tv-xz])/g, 'i')
    .replace(/e/g, 'i');
  const words = collapse(letters).split(/\s+/).filter(Boolean);
  // The article stands alone ("el 5er") or hangs on its word ("l-5er"): either way it joins the word.
  const joined: string[] = [];
  let article = '';
  for (const word of words) {
    if (ARTICLES.has(word)) article = 'l';
    else {
      joined.push(article + word);
      article = '';
    }
  }
  if (article) joined.push(article);
  return collapse(joined.join(' '));
}

/**
 * A letter written twice or more counts once: sekkar and sekar, ahwe and ahwee (not digits: 11 is a
 * number). A word's first consonant doubled is grammar, not spelling: nnem ("we sleep") is not nem.
 */
function collapse(text: string): string {
  return text
    .replace(/(^|\s)([^\s\p{N}aeiou])\2+/gu, '$1$2\u0000$2')
    .replace(/(\p{L})\1+/gu, '$1')
    .replace(/\u0000/g, '');
}

/** Where a typed answer differs from the expected form, letter by letter, for marking on screen. */
export interface LetterDiff {
  /** The expected form cut into runs that the typed answer has (`same`) or lacks or misspells. */
  expected: { text: string; same: boolean }[];
  /** The typed answer cut the same way: `same` runs match the expected form. */
  typed: { text: string; same: boolean }[];
  /** Letters to add, remove or change to turn one into the other (Levenshtein distance). */
  distance: number;
}

/**
 * Compares two spellings letter by letter (case aside) by edit distance, so the card can mark the
 * letters that differ and tell a one-letter near miss from a wrong word.
 */
export function letterDiff(typed: string, expected: string): LetterDiff {
  const a = [...typed];
  const b = [...expected];
  const lower = (s: string) => s.toLowerCase();
  // cost[i][j]: edits between a[i..] and b[j..].
  const cost = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length; i >= 0; i--) {
    for (let j = b.length; j >= 0; j--) {
      if (i === a.length) cost[i][j] = b.length - j;
      else if (j === b.length) cost[i][j] = a.length - i;
      else if (lower(a[i]) === lower(b[j])) cost[i][j] = cost[i + 1][j + 1];
      else cost[i][j] = 1 + Math.min(cost[i + 1][j + 1], cost[i + 1][j], cost[i][j + 1]);
    }
  }
  const typedMarks: boolean[] = [];
  const expectedMarks: boolean[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && lower(a[i]) === lower(b[j]) && cost[i][j] === cost[i + 1][j + 1]) {
      typedMarks.push(true);
      expectedMarks.push(true);
      i++;
      j++;
    } else if (i < a.length && j < b.length && cost[i][j] === 1 + cost[i + 1][j + 1]) {
      typedMarks.push(false);
      expectedMarks.push(false);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || cost[i][j] === 1 + cost[i + 1][j])) {
      typedMarks.push(false);
      i++;
    } else {
      expectedMarks.push(false);
      j++;
    }
  }
  return { expected: runs(b, expectedMarks), typed: runs(a, typedMarks), distance: cost[0][0] };
}

function runs(letters: string[], same: boolean[]) {
  const out: { text: string; same: boolean }[] = [];
  letters.forEach((letter, k) => {
    const last = out.at(-1);
    if (last && last.same === same[k]) last.text += letter;
    else out.push({ text: letter, same: same[k] });
  });
  return out;
}
