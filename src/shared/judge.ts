/**
 * The judge of a typed Lebanese answer, shared by the flash cards, dictation and role-play, in the
 * browser and on the server (docs/decisions/0069-a-judge-that-knows-the-forms.md). It folds spelling
 * only (the spelling key of ./arabizi) and knows every form the content teaches, so an answer that is
 * another form (badda, "she wants", for baddi, "I want") is refused by name, never taken for a spelling.
 * The answer is aligned with the expected line word by word, and each word marked.
 */
import { APOSTROPHES, EMPTY_LEXICON, letterDiff, normalWords, spellingKey, type SpellingLexicon } from './arabizi';

/** How a typed Lebanese answer compares with the expected form. */
export type TypedVerdict = 'right' | 'almost' | 'wrong';

/**
 * One word of the answer against one of the line: `right` as written, `variant` another spelling of it
 * (or its number in digits), `almost` one letter off, `wrong`; `missing` a word of the line the answer
 * lacks, `extra` a word the line lacks.
 */
export type WordMark = 'right' | 'variant' | 'almost' | 'wrong' | 'missing' | 'extra';

export interface JudgedWord {
  /** The learner's word(s) as typed; '' for a missing word. */
  typed: string;
  /** The line's word(s) as written, punctuation aside; '' for an extra word. */
  expected: string;
  mark: WordMark;
  /** The English of the other form the typed word is ("she wants"), when it is one the content teaches. */
  otherForm?: string;
}

export interface Judgement {
  verdict: TypedVerdict;
  /** The line the answer was judged against: the expected one or an accepted alternative. */
  expected: string;
  words: JudgedWord[];
  /** What the learner reads: the verdict and, for a line, which words are off and what a wrong form is. */
  message: string;
}

/** A form a screen shows, as [arabizi, English] (English '' when the screen has none). */
export type ScreenForm = readonly [string, string];

/**
 * Judges `typed` against the expected line and its accepted alternatives, with the spelling lexicon
 * (its variants and the content's forms) and the forms of the screen (a flash card's other words).
 */
export function judgeAnswer(
  typed: string,
  expected: string | readonly string[],
  lexicon: SpellingLexicon = EMPTY_LEXICON,
  screen: readonly ScreenForm[] = [],
): Judgement {
  const known = knownForms(lexicon, screen);
  const lines = typeof expected === 'string' ? [expected] : expected;
  const judged = lines.map((line) => judgeLine(typed, line, lexicon, known));
  return judged.reduce((best, next) => (rank(next) < rank(best) ? next : best));
}

/** Whether a typed answer is right, almost or wrong (for a verdict the server records). */
export function judgeTyped(
  typed: string,
  expected: string | readonly string[],
  lexicon?: SpellingLexicon,
  screen: readonly string[] = [],
): TypedVerdict {
  return judgeAnswer(
    typed,
    expected,
    lexicon,
    screen.map((s) => [s, ''] as const),
  ).verdict;
}

const VERDICT_ORDER: Record<TypedVerdict, number> = { right: 0, almost: 1, wrong: 2 };
const rank = (j: Judgement) => VERDICT_ORDER[j.verdict] * 1000 + j.words.filter((w) => w.mark !== 'right' && w.mark !== 'variant').length;

interface KnownForm {
  key: string;
  /** Its spelling as written (`written`), to tell it from the expected form when the key folds the two together (ana, 3anna). */
  spelling: string;
  english: string;
}

interface KnownForms {
  /** Forms by their spelling as written (`written`), and with e for i. */
  asWritten: Map<string, KnownForm[]>;
  /** Forms by their spelling key, its spaces left out. */
  byKey: Map<string, KnownForm[]>;
  /** The words whose Arabic ends in ة, as written, and their keys. */
  feminine: Set<string>;
  feminineKeys: Set<string>;
  /** Digits → the keys of the number they write. */
  numbers: Map<string, string[]>;
}

const indexes = new WeakMap<SpellingLexicon, KnownForms>();

/**
 * Builds the lexicon's index of known forms now rather than at its first judgement: a few hundred
 * milliseconds over the whole content, which the server spends as it starts, not on a learner's answer.
 */
export function indexKnownForms(lexicon: SpellingLexicon) {
  knownForms(lexicon, []);
}

/** The lexicon's forms indexed once per lexicon; a screen's forms are added per call. */
function knownForms(lexicon: SpellingLexicon, screen: readonly ScreenForm[]): KnownForms {
  let base = indexes.get(lexicon);
  if (!base) {
    base = { asWritten: new Map(), byKey: new Map(), feminine: new Set(), feminineKeys: new Set(), numbers: new Map() };
    for (const [arabizi = '', english = ''] of lexicon.forms) add(base, arabizi, english, lexicon);
    for (const arabizi of lexicon.feminine) {
      base.feminine.add(written(arabizi));
      base.feminineKeys.add(keyOf(arabizi, lexicon));
    }
    for (const [digits = '', arabizi = ''] of lexicon.numbers)
      base.numbers.set(digits, [...(base.numbers.get(digits) ?? []), keyOf(arabizi, lexicon)]);
    indexes.set(lexicon, base);
  }
  if (screen.length === 0) return base;
  const withScreen: KnownForms = { ...base, asWritten: new Map(base.asWritten), byKey: new Map(base.byKey) };
  for (const [arabizi, english] of screen) add(withScreen, arabizi, english, lexicon);
  return withScreen;
}

function add(index: KnownForms, arabizi: string, english: string, lexicon: SpellingLexicon) {
  const form = { key: keyOf(arabizi, lexicon), spelling: written(arabizi), english };
  if (form.key === '') return;
  const push = (map: Map<string, KnownForm[]>, at: string) => map.set(at, [...(map.get(at) ?? []), form]);
  for (const spelling of new Set([written(arabizi), withEForI(arabizi)])) push(index.asWritten, spelling);
  push(index.byKey, form.key);
}

const keyOf = (text: string, lexicon: SpellingLexicon) => spellingKey(text, lexicon).replace(/ /g, '');

/**
 * A spelling as written, with only the differences that never tell two words apart: case, punctuation,
 * spaces, the apostrophe for 2, and kh, gh, ch for 5, 8, sh. fi2 ("wake up!") is not fe2 ("he woke up").
 */
function written(text: string): string {
  return normalWords(text).replace(APOSTROPHES, '2').replace(/ /g, '').replace(/kh/g, '5').replace(/gh/g, '8').replace(/ch/g, 'sh');
}
/** As written, with e for i: btestanni is btestanne ("you wait", to a woman), not btestanna. */
const withEForI = (text: string) => written(text).replace(/e/g, 'i');

/** The English of the forms that are not the expected one (`isExpected`), if any. */
function otherForms(forms: KnownForm[] | undefined, isExpected: (form: KnownForm) => boolean): string | undefined {
  const others = (forms ?? []).filter((f) => !isExpected(f));
  if (others.length === 0) return undefined;
  const named = [...new Set(others.map((f) => f.english).filter(Boolean))];
  return named.length > 0 ? named.map((e) => `'${e}'`).join(' or ') : 'another word';
}

interface WordJudgement {
  mark: Exclude<WordMark, 'missing' | 'extra'>;
  otherForm?: string;
}

/** One typed word (or two run together) against one expected word (or two). */
function judgeWord(typed: string, expected: string, lexicon: SpellingLexicon, known: KnownForms): WordJudgement {
  if (written(typed) === written(expected)) return { mark: 'right' };
  const expectedKey = keyOf(expected, lexicon);
  if (/^\d+$/.test(written(typed))) {
    const spelled = known.numbers.get(written(typed)) ?? [];
    // Before a noun a number loses its last vowel (tlete, tlet wled): its digits stand for that form too.
    return spelled.some((key) => key === expectedKey || key.replace(/[aiu]$/, '') === expectedKey)
      ? { mark: 'variant' }
      : { mark: 'wrong' };
  }
  // Spelt as another form is written, it is that form, even where the key folds the two together
  // (ana, "I", for 3anna, "we have"): the expected form is the one written as the line writes it.
  const asWritten = otherForms(
    [...(known.asWritten.get(written(typed)) ?? []), ...(known.asWritten.get(withEForI(typed)) ?? [])],
    (f) => f.spelling === written(expected) || f.spelling.replace(/e/g, 'i') === withEForI(expected),
  );
  if (asWritten) return { mark: 'wrong', otherForm: asWritten };
  const typedKey = keyOf(typed, lexicon);
  if (typedKey === '') return { mark: 'wrong' };
  if (typedKey === expectedKey) {
    const rival = nearerForm(written(typed), written(expected), known.byKey.get(typedKey) ?? []);
    return rival ? { mark: 'wrong', otherForm: rival } : { mark: 'variant' };
  }
  const byKey = otherForms(known.byKey.get(typedKey), (f) => f.key === expectedKey);
  if (byKey) return { mark: 'wrong', otherForm: byKey };
  // The -e of a word whose Arabic ends in ة is written -a too (2ahwe, 2ahwa; mni7a, mni7e); an ending
  // of grammar (baddi, badda; btousale) never is.
  const finalA = (key: string) => key.replace(/i$/, 'a');
  if (isFeminine(expected.split(' ').at(-1)!, lexicon, known) && finalA(typedKey) === finalA(expectedKey)) return { mark: 'variant' };
  const ending = personEnding(typedKey, expectedKey);
  if (ending) return { mark: 'wrong', otherForm: ending };
  return letterDiff(typedKey, expectedKey).distance === 1 ? { mark: 'almost' } : { mark: 'wrong' };
}

/**
 * Where the key folds two forms together (berou7, "I go"; byrou7, "he goes"), a spelling of the key is
 * the form it is nearer to, letter by letter: berrou7 is "I go"; birou7, as near to either, is taken
 * for the expected one. The English of the nearer form, or undefined.
 */
function nearerForm(typed: string, expected: string, forms: KnownForm[]): string | undefined {
  const meant = forms.filter((f) => f.spelling === expected).map((f) => f.english);
  if (meant.length === 0) return undefined;
  const rivals = forms.filter((f) => f.spelling !== expected && !meant.includes(f.english));
  const fromExpected = letterDiff(typed, expected).distance;
  const nearer = rivals.filter((f) => letterDiff(typed, f.spelling).distance < fromExpected);
  return nearer.length > 0 ? otherForms(nearer, () => false) : undefined;
}

/** The endings that say who (as keys: -kon is kun), and what the learner is told a word with one is. */
const PERSON_ENDINGS: [string, string][] = [
  ['kun', 'said to a group (-kon)'],
  ['ak', 'said to a man (-ak)'],
  ['ik', 'said to a woman (-ik)'],
  ['un', 'said of them (-on)'],
  ['na', 'said of us (-na)'],
];

/**
 * A word that differs from the expected one only in an ending that says who (3aynak for 3aynik) is
 * another person's form, not a slip of one letter, even where the content does not list it.
 */
function personEnding(typedKey: string, expectedKey: string): string | undefined {
  for (const [ending, said] of PERSON_ENDINGS) {
    if (!typedKey.endsWith(ending) || typedKey.length - ending.length < 2) continue;
    const stem = typedKey.slice(0, -ending.length);
    if (PERSON_ENDINGS.some(([other]) => other !== ending && expectedKey === stem + other)) return said;
  }
  return undefined;
}

/**
 * Whether a word's Arabic ends in ة: as written, or by its key when every form of that key does
 * (2ahwe is ahwe; kaki, khaki, is not ka3ke though both fold to one key).
 */
function isFeminine(word: string, lexicon: SpellingLexicon, known: KnownForms): boolean {
  if (known.feminine.has(written(word))) return true;
  const key = keyOf(word, lexicon);
  return known.feminineKeys.has(key) && (known.byKey.get(key) ?? []).every((f) => known.feminine.has(f.spelling));
}

/** A line's words for judging: split at spaces and hyphens, those with no letter or digit left out. */
const wordsOf = (line: string) => line.split(/[\s\-‐–—]+/).filter((w) => normalWords(w) !== '');
/** A word as it is shown: its punctuation around it left out. */
const bare = (word: string) => word.replace(/^[^\p{L}\p{N}’‘`´ʼʾ']+|[^\p{L}\p{N}]+$/gu, '');

const COST: Record<WordJudgement['mark'], number> = { right: 0, variant: 0, almost: 0.4, wrong: 1 };
const RUN_TOGETHER = 0.1;

type Step = { take: [number, number]; word: JudgedWord; cost: number };

/**
 * Aligns the answer's words with the line's (a word for a word, two run together for one, a missing
 * or an extra word), at the least cost, and marks each.
 */
function judgeLine(typed: string, expected: string, lexicon: SpellingLexicon, known: KnownForms): Judgement {
  const want = wordsOf(expected).map(bare);
  const have = wordsOf(typed).map(bare);
  const best: { cost: number; steps: Step[] }[][] = Array.from({ length: want.length + 1 }, () => new Array(have.length + 1));
  best[want.length][have.length] = { cost: 0, steps: [] };
  for (let i = want.length; i >= 0; i--) {
    for (let j = have.length; j >= 0; j--) {
      if (i === want.length && j === have.length) continue;
      const options: Step[] = [];
      if (i < want.length) options.push({ take: [1, 0], word: { typed: '', expected: want[i]!, mark: 'missing' }, cost: 1 });
      if (j < have.length) options.push({ take: [0, 1], word: { typed: have[j]!, expected: '', mark: 'extra' }, cost: 1 });
      if (i < want.length && j < have.length) {
        const w = judgeWord(have[j]!, want[i]!, lexicon, known);
        options.push({ take: [1, 1], word: { typed: have[j]!, expected: want[i]!, ...w }, cost: COST[w.mark] });
        for (const [wn, hn] of [
          [2, 1],
          [1, 2],
        ] as const) {
          if (i + wn > want.length || j + hn > have.length) continue;
          const joinedWant = want.slice(i, i + wn).join(' ');
          const joinedHave = have.slice(j, j + hn).join(' ');
          const joined = judgeWord(joinedHave, joinedWant, lexicon, known);
          if (joined.mark === 'right' || joined.mark === 'variant')
            options.push({ take: [wn, hn], word: { typed: joinedHave, expected: joinedWant, mark: 'variant' }, cost: RUN_TOGETHER });
        }
      }
      let chosen: { cost: number; steps: Step[] } | undefined;
      for (const option of options) {
        const rest = best[i + option.take[0]]![j + option.take[1]]!;
        const cost = option.cost + rest.cost;
        if (!chosen || cost < chosen.cost) chosen = { cost, steps: [option, ...rest.steps] };
      }
      best[i][j] = chosen!;
    }
  }
  let words = best[0][0]!.steps.map((s) => s.word);
  const lineKey = keyOf(expected, lexicon);
  const typedKey = keyOf(typed, lexicon);
  // A multi-word form the answer is as a whole (ra7 tousale, "you will arrive", to a woman) is refused by name.
  const isLine = (f: KnownForm) => f.spelling === written(expected) || f.spelling.replace(/e/g, 'i') === withEForI(expected);
  const lineAsWritten =
    words.length > 1
      ? otherForms([...(known.asWritten.get(written(typed)) ?? []), ...(known.asWritten.get(withEForI(typed)) ?? [])], isLine)
      : undefined;
  const lineOther =
    lineAsWritten ??
    (typedKey !== lineKey && words.length > 1 ? otherForms(known.byKey.get(typedKey), (f) => f.key === lineKey) : undefined);
  if (lineOther) words = words.map((w) => (w.mark === 'almost' ? { ...w, mark: 'wrong', otherForm: lineOther } : w));
  // A variant of several words of the spelling table (ahlan wa sahlan) is the line itself.
  else if (typedKey !== '' && typedKey === lineKey && !words.some((w) => w.otherForm))
    words = words.map((w) => (w.mark === 'right' ? w : { ...w, mark: 'variant' }));
  const verdict: TypedVerdict =
    words.every((w) => w.mark === 'right' || w.mark === 'variant') && words.length > 0
      ? 'right'
      : words.every((w) => w.mark !== 'wrong' && w.mark !== 'missing' && w.mark !== 'extra')
        ? 'almost'
        : 'wrong';
  return { verdict, expected, words, message: messageOf(verdict, words, want.length, lineOther) };
}

const quoted = (words: string[]) => words.map((w) => `"${w}"`).join(', ');

/** The verdict in the card's words (docs/product-rules.md#typed-answers), then what is off, by word. */
function messageOf(verdict: TypedVerdict, words: JudgedWord[], lineLength: number, lineOther?: string): string {
  if (verdict === 'right') {
    const numbers = words.filter((w) => /^\d+$/.test(w.typed));
    const spelled = numbers.map((w) => ` ${w.typed} is written ${w.expected}.`).join('');
    return words.some((w) => w.mark === 'variant' && !/^\d+$/.test(w.typed))
      ? `Right! Your spelling is another common way to write it.${spelled}`
      : `Right!${spelled}`;
  }
  if (verdict === 'almost') {
    const off = words.filter((w) => w.mark === 'almost').map((w) => w.expected);
    if (lineLength === 1) return 'Almost! One letter is off.';
    return off.length === 1
      ? `Almost! One letter is off. Check ${quoted(off)}.`
      : `Almost! One letter is off in each of ${off.length} words: ${quoted(off)}.`;
  }
  const others = words.filter((w) => w.otherForm);
  const named = lineOther
    ? ` That is ${lineOther}.`
    : others.map((w) => (lineLength === 1 ? ` That is ${w.otherForm}.` : ` "${w.typed}" is ${w.otherForm}.`)).join('');
  if (lineLength === 1) return `Not quite.${named}`;
  const off = words.filter((w) => w.mark !== 'right' && w.mark !== 'variant' && w.mark !== 'extra' && !w.otherForm).map((w) => w.expected);
  const extra = words.filter((w) => w.mark === 'extra').map((w) => w.typed);
  const check = off.length > 0 ? ` Check ${quoted(off)}.` : '';
  const more = extra.length > 0 ? ` Not in the line: ${quoted(extra)}.` : '';
  return `Not quite.${named}${check}${more}`;
}
