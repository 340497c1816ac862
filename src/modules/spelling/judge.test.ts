import { afterAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { createTestApp } from '../../../tests/support/app';
import { CONTENT_DIR } from '../../content/dir';
import type { ContentIssue } from '../../content/types';
import { DAY_MS } from '../../lib/clock';
import { spellingKey } from '../../shared/arabizi';
import { judgeAnswer, judgeTyped } from '../../shared/judge';
import { parseParadigms } from './content';
import { createSpellingService } from './service';

/**
 * The judge against a teacher's table (docs/decisions/0069-a-judge-that-knows-the-forms.md): learner
 * spellings of the course's words, forms and lines, each marked by grammar as right (a spelling of the
 * expected form) or wrong (another form, another word). Written from the content and the grammar pages,
 * not from the judge's output.
 */
const lexicon = createSpellingService().lexicon();

type Row = [typed: string, expected: string];

/** Other spellings of the expected form: the judge must say right. */
const RIGHT: Record<string, Row[]> = {
  'pseudo-verbs': [
    ['badde', 'baddi'],
    ['badi', 'baddi'],
    ['bade', 'baddi'],
    ['badak', 'baddak'],
    ['baddek', 'baddik'],
    ['baddou', 'baddo'],
    ['badu', 'baddo'],
    ['bada', 'badda'],
    ['badna', 'baddna'],
    ['badkon', 'baddkon'],
    ['baddoun', 'baddon'],
    ['3andi', '3ande'],
    ['andi', '3ande'],
    ['aande', '3ande'],
    ['andak', '3andak'],
    ['3andek', '3andik'],
    ['3andou', '3ando'],
    ['anna', '3anna'],
    ['3andkun', '3andkon'],
    ['ma3i', 'ma3e'],
    ['maak', 'ma3ak'],
    ['ma3kun', 'ma3kon'],
    ['fiyi', 'fiyye'],
    ['fiye', 'fiyye'],
    ['fikun', 'fikon'],
    ['fiki', 'fike'],
  ],
  pronouns: [
    ['ente', 'enti'],
    ['inta', 'enta'],
    ['inti', 'enti'],
    ['huwi', 'huwwe'],
    ['howe', 'huwwe'],
    ['hiyyi', 'hiyye'],
    ['hiye', 'hiyye'],
    ['nehna', 'ne7na'],
    ['ni7na', 'ne7na'],
    ['into', 'ento'],
    ['entou', 'ento'],
    ['henne', 'hinne'],
    ['hinni', 'hinne'],
    ['Ana', 'ana'],
  ],
  demonstratives: [
    ['haida', 'hayda'],
    ['heyda', 'hayda'],
    ['haydi', 'hayde'],
    ['hawdi', 'hawde'],
    ['haidak', 'haydak'],
    ['haydek', 'haydik'],
    ['hawdek', 'hawdik'],
  ],
  adjectives: [
    ['kbeer', 'kbir'],
    ['kbira', 'kbire'],
    ['kbireh', 'kbire'],
    ['zghire', 'z8ire'],
    ['zghir', 'z8ir'],
    ['jdideh', 'jdide'],
    ['jdeed', 'jdid'],
    ['mniha', 'mni7a'],
    ['mnih', 'mni7'],
    ['mni7e', 'mni7a'],
    ['helwe', '7elwe'],
    ['7elwa', '7elwe'],
    ['helo', '7elo'],
    ['7ilo', '7elo'],
    ['ta3bana', 'ta3bane'],
    ['taabane', 'ta3bane'],
    ['ta3baneen', 'ta3banin'],
    ['mabsoute', 'mabsouta'],
    ['mabsut', 'mabsout'],
  ],
  possessives: [
    ['beiti', 'beite'],
    ['bayti', 'beite'],
    ['baite', 'beite'],
    ['baytak', 'beitak'],
    ['beitek', 'beitik'],
    ['beitkun', 'beitkon'],
    ['beitoun', 'beiton'],
    ['beitu', 'beito'],
    ['kifkun', 'kifkon'],
  ],
  objects: [
    ['b7ebak', 'b7ebbak'],
    ['bhebbak', 'b7ebbak'],
    ['b7ebbek', 'b7ebbik'],
    ['b7ebbou', 'b7ebbo'],
    ['bhebba', 'b7ebba'],
  ],
  verbs: [
    ['akalti', 'akalte'],
    ['btekli', 'btekle'],
    ['btekleh', 'btekle'],
    ['bteshrabi', 'bteshrabe'],
    ['ra7 teshrabi', 'ra7 teshrabe'],
    ['rah teshrabe', 'ra7 teshrabe'],
    ['mabtefhame', 'ma btefhame'],
    ['mab7ebb', 'ma b7ebb'],
    ['ma-b7ebb', 'ma b7ebb'],
    ['mabte7ke', 'ma bte7ke'],
    ['wselti', 'wselte'],
    ['bikoun', 'bykoun'],
    ['bykun', 'bykoun'],
    ['shirbit', 'sherbet'],
    ['fehmit', 'fehmet'],
    ['stanait', 'stanneit'],
    ['stannayt', 'stanneit'],
    ["fe'et", 'fe2et'],
    ["fe't", 'fe2t'],
    ['rah ekol', 'ra7 ekol'],
    ['mnikol', 'mnekol'],
    ['b7eb', 'b7ebb'],
    ['bhebb', 'b7ebb'],
    ['bi7ibbo', 'bi7ebbo'],
    ['btrouhe', 'btrou7e'],
    ['btruh', 'btrou7'],
    ['a5adet', 'akhadet'],
    ['bye5od', 'byekhod'],
  ],
  'words and lines': [
    ['baddi ahwa bala sekar law samaht', 'Baddi ahwe bala sekkar, law sama7t.'],
    ['eh akid w kebbeyet may kamen', 'Eh, akid! W kebbeyet may kamen.'],
    ['addesh el 7seb', 'Addeh el 7seb?'],
    ['tekram 3aynik d2i2a w bikoun kell shi jehez', 'Tekram 3aynik, d2i2a w bykoun kell shi jehez.'],
    ['ma3salame', 'ma3 salame'],
    ['maasalama', 'ma3 salame'],
    ['ahlan w sahlan', 'ahla w sahla'],
    ['keefak', 'kifak'],
    ['qahwe', 'ahwe'],
    ['ahweh', 'ahwe'],
    ['ahwa', 'ahwe'],
    ['samka', 'samke'],
    ['Kell shi 10 dolar', 'Kell shi 3ashra dolar.'],
    ['8', 'tmene'],
    ['3 wled', 'tlet wled'],
    ['15', '5amest3ash'],
    ['W iza baddi 10?', 'W iza baddi 3ashra?'],
  ],
};

/** Other forms and other words: the judge must refuse them (never right). */
const WRONG: Record<string, Row[]> = {
  'pseudo-verbs': [
    ['badda', 'baddi'],
    ['baddo', 'baddi'],
    ['baddak', 'baddik'],
    ['baddik', 'baddak'],
    ['baddi', 'badda'],
    ['baddna', 'baddon'],
    ['baddon', 'baddkon'],
    ['badde', 'badda'],
    ['bada', 'baddi'],
    ['3anda', '3ande'],
    ['3ando', '3anda'],
    ['3andak', '3andik'],
    ['3andon', '3anna'],
    ['ana', '3anna'],
    ['3andi', '3anda'],
    ['ma3a', 'ma3e'],
    ['ma3o', 'ma3a'],
    ['ma3ak', 'ma3ik'],
    ['ma3na', 'ma3on'],
    ['fiya', 'fiyye'],
    ['fik', 'fike'],
    ['fike', 'fik'],
    ['fina', 'fikon'],
  ],
  pronouns: [
    ['enti', 'enta'],
    ['enta', 'enti'],
    ['ente', 'enta'],
    ['huwwe', 'hiyye'],
    ['hiyye', 'huwwe'],
    ['ento', 'enta'],
    ['ana', 'ne7na'],
    ['hinne', 'ento'],
  ],
  demonstratives: [
    ['hayde', 'hayda'],
    ['hayda', 'hayde'],
    ['hawde', 'hayde'],
    ['haydi', 'hayda'],
    ['haydak', 'haydik'],
    ['hawdik', 'haydak'],
    ['hayda', 'haydak'],
  ],
  adjectives: [
    ['kbire', 'kbir'],
    ['kbir', 'kbire'],
    ['kbar', 'kbir'],
    ['jdide', 'jdid'],
    ['mni7a', 'mni7'],
    ['mna7', 'mni7a'],
    ['7elwe', '7elo'],
    ['7elwin', '7elwe'],
    ['ta3bane', 'ta3ban'],
    ['mabsouta', 'mabsout'],
  ],
  possessives: [
    ['beita', 'beite'],
    ['beito', 'beita'],
    ['beitak', 'beitik'],
    ['beitna', 'beiton'],
    ['sayyarta', 'sayyarte'],
    ['kifak', 'kifik'],
    ['kifkon', 'kifak'],
  ],
  objects: [
    ['b7ebba', 'b7ebbo'],
    ['b7ebbak', 'b7ebbik'],
    ['b7ebbon', 'b7ebbkon'],
  ],
  verbs: [
    ['akalet', 'akalt'],
    ['akalte', 'akalt'],
    ['btekle', 'btekol'],
    ['bteklo', 'btekle'],
    ['byeklo', 'byekol'],
    ['ra7 tekle', 'ra7 tekol'],
    ['kele', 'kol'],
    ['btrou7e', 'btrou7'],
    ['berou7', 'byrou7'],
    ['byrou7', 'berou7'],
    ['ba3at', 'ba3att'],
    ['ra7 nnem', 'ra7 nem'],
    ['ra7 nem', 'ra7 nnem'],
    ['stannet', 'stanneit'],
    ['fe2et', 'fe2t'],
    ['btfi2e', 'btfi2'],
    ['fi2e', 'fi2'],
    ['wselte', 'wselt'],
    ['weslet', 'wesel'],
    ['bousal', 'byousal'],
    ['bte5de', 'bte5od'],
    ['mnefham', 'befham'],
    ['fhemna', 'fhemt'],
    ['sherbo', 'sherbet'],
  ],
  'words and lines': [
    ['badda ahwe bala sekkar law sama7t', 'Baddi ahwe bala sekkar, law sama7t.'],
    ['Tekram 3aynak, d2i2a w bykoun kell shi jehez', 'Tekram 3aynik, d2i2a w bykoun kell shi jehez.'],
    ['kaka', 'kaki'],
    ['3asir', '2asir'],
    ['bayd', 'b3id'],
    ['9 dolar', 'tmene dolar'],
    ['shukran', 'mar7aba'],
    ['hayde ktir 7elo', 'Hayda ktir 7elo'],
    ['enti men Beirut?', 'Enta men Beirut?'],
  ],
};

const rows = (table: Record<string, Row[]>) =>
  Object.entries(table).flatMap(([paradigm, list]) => list.map(([typed, expected]) => ({ paradigm, typed, expected })));

describe("the judge against a teacher's table", () => {
  const right = rows(RIGHT);
  const wrong = rows(WRONG);

  test('holds at least 150 learner spellings across every paradigm', () => {
    expect(right.length + wrong.length).toBeGreaterThanOrEqual(150);
    for (const paradigm of ['pseudo-verbs', 'pronouns', 'demonstratives', 'adjectives', 'possessives', 'objects', 'verbs']) {
      expect(RIGHT[paradigm]!.length).toBeGreaterThan(0);
      expect(WRONG[paradigm]!.length).toBeGreaterThan(0);
    }
  });

  test('accepts no wrong form and refuses at most 1 in 40 right spellings (the figures are printed)', () => {
    const falseAccepts = wrong.filter((r) => judgeTyped(r.typed, r.expected, lexicon) === 'right');
    const falseRefusals = right.filter((r) => judgeTyped(r.typed, r.expected, lexicon) !== 'right');
    console.log(
      `judge: ${right.length} right spellings, ${wrong.length} wrong forms; false accepts ${falseAccepts.length}/${wrong.length}; ` +
        `right spellings refused or "Almost" ${falseRefusals.length}/${right.length}`,
    );
    expect(falseAccepts).toEqual([]);
    expect(falseRefusals.length / right.length).toBeLessThanOrEqual(1 / 40);
  });

  test('names the form a wrong answer is', () => {
    expect(judgeAnswer('badda', 'baddi', lexicon).message).toBe("Not quite. That is 'she wants'.");
    expect(judgeAnswer('enti', 'enta', lexicon).message).toBe("Not quite. That is 'you (to a woman)'.");
    expect(judgeAnswer('hayde', 'hayda', lexicon).message).toBe("Not quite. That is 'this (a feminine thing)'.");
    expect(judgeAnswer('badda ahwe', 'baddi ahwe', lexicon).message).toBe(`Not quite. "badda" is 'she wants'.`);
    expect(judgeAnswer('ra7 tousale', 'ra7 tousal', lexicon).message).toBe("Not quite. That is 'you will arrive (f.)'.");
  });
});

describe('word by word', () => {
  test('a line with one wrong word marks that word, and punctuation never counts', () => {
    const judged = judgeAnswer('Baddi shay bala sekkar law sama7t', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(judged.verdict).toBe('wrong');
    expect(judged.words.map((w) => w.mark)).toEqual(['right', 'wrong', 'right', 'right', 'right', 'right']);
    expect(judged.words[1]).toMatchObject({ typed: 'shay', expected: 'ahwe' });
    // shay is a word of the course: the learner is told which.
    expect(judged.message).toBe(`Not quite. "shay" is 'tea'.`);
    const unknown = judgeAnswer('Baddi zzz bala sekkar law sama7t', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(unknown.words.map((w) => w.mark)).toEqual(['right', 'wrong', 'right', 'right', 'right', 'right']);
    expect(unknown.message).toBe('Not quite. Check "ahwe".');
  });

  test('one letter off in one word is "Almost", naming the word; in two, counting them', () => {
    const one = judgeAnswer('Baddi ahwe bala sekkar, law sama7', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(one.verdict).toBe('almost');
    expect(one.words.filter((w) => w.mark === 'almost')).toEqual([{ typed: 'sama7', expected: 'sama7t', mark: 'almost' }]);
    expect(one.message).toBe('Almost! One letter is off. Check "sama7t".');
    const two = judgeAnswer('Baddi ahwe bala sekkar, lw sama7', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(two.message).toBe('Almost! One letter is off in each of 2 words: "law", "sama7t".');
    expect(judgeAnswer('mar7abq', 'mar7aba', lexicon).message).toBe('Almost! One letter is off.');
  });

  test('a missing and an extra word are marked as such', () => {
    const missing = judgeAnswer('Baddi ahwe sekkar law sama7t', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(missing.words.map((w) => w.mark)).toEqual(['right', 'right', 'missing', 'right', 'right', 'right']);
    const extra = judgeAnswer('Baddi ahwe ktir bala sekkar law sama7t', 'Baddi ahwe bala sekkar, law sama7t.', lexicon);
    expect(extra.words.map((w) => w.mark)).toEqual(['right', 'right', 'extra', 'right', 'right', 'right', 'right']);
    expect(extra.message).toBe('Not quite. Not in the line: "ktir".');
  });

  test('digits for a number are right, with the spelled form shown', () => {
    const judged = judgeAnswer('8 dolar', 'tmene dolar', lexicon);
    expect(judged.verdict).toBe('right');
    expect(judged.words[0]).toEqual({ typed: '8', expected: 'tmene', mark: 'variant' });
    expect(judged.message).toBe('Right! 8 is written tmene.');
  });

  test('an accepted alternative of a line is judged like the line', () => {
    expect(judgeTyped('Ahwe please', ['Ahwe law sama7t', 'Ahwe iza betrid'], lexicon)).toBe('wrong');
    expect(judgeAnswer('ahwe iza bitrid', ['Ahwe law sama7t', 'Ahwe iza betrid'], lexicon)).toMatchObject({
      verdict: 'right',
      expected: 'Ahwe iza betrid',
    });
  });
});

/** Every table of forms: each paradigm of content/paradigms and each tense of each verb of content/verbs. */
function formTables(): { name: string; forms: { arabizi: string; english: string }[] }[] {
  const paradigmsDir = join(CONTENT_DIR, 'paradigms');
  const paradigms = readdirSync(paradigmsDir).flatMap((file) =>
    parseParadigms(
      { path: file, text: readFileSync(join(paradigmsDir, file), 'utf8') },
      { error: (e) => expect(e).toBeUndefined(), warn() {} },
    ).map((p) => ({ name: p.key, forms: p.forms })),
  );
  const verbsDir = join(CONTENT_DIR, 'verbs');
  const verbs = readdirSync(verbsDir).flatMap((file) => {
    const verb = Bun.YAML.parse(readFileSync(join(verbsDir, file), 'utf8')) as {
      conjugations: Record<string, Record<string, { arabizi: unknown; english: unknown }>>;
    };
    return Object.entries(verb.conjugations).map(([tense, forms]) => ({
      name: `${file} ${tense}`,
      forms: Object.values(forms).map((f) => ({ arabizi: String(f.arabizi), english: String(f.english) })),
    }));
  });
  return [...paradigms, ...verbs];
}

/** Two forms of a table are different forms when they are written differently (wselt is "I" and "you" arrived alike). */
const written = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'’]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
/** As written, with a doubled letter written once: how a learner's doubling habit reads. */
const undoubled = (s: string) => written(s).replace(/(\p{L})\1/gu, '$1');

/**
 * Forms the spelling key folds together and the judge tells apart as written: the b- of "I" and the
 * by- of "he" (berou7, byrou7), and a t doubled by the ending -t (ba3att, "I sent"; ba3at, "he sent").
 */
const TOLD_APART_AS_WRITTEN = [
  ['berou7', 'byrou7'],
  ['ma berou7', 'ma byrou7'],
  ['bezour', 'byzour'],
  ['ma bezour', 'ma byzour'],
  ['ba3att', 'ba3at'],
  ['ba3atto', 'ba3ato'],
];

/** Spelling habits that never change a form's grammar, each a function of a form's text. */
const HABITS: ((s: string) => string)[] = [
  (s) => s.replace(/7/g, 'h'),
  (s) => s.replace(/5/g, 'kh'),
  (s) => s.replace(/8/g, 'gh'),
  (s) => s.replace(/sh/g, 'ch'),
  (s) => s.replace(/ou/g, 'u'),
  (s) => s.replace(/(?<!o)u/g, 'ou'),
  (s) => s.replace(/e$/, 'eh'),
  (s) => s.replace(/e$/, 'i'),
  (s) => s.replace(/^2/, ''),
  (s) => s.replace(/^./, (c) => c.toUpperCase()),
  (s) => `${s}!`,
  (s) => s.replace(/(?<=[aeiou])([bdfjklmnrstz])(?=[aeiou])/, '$1$1'),
];

describe('folding over the content', () => {
  const tables = formTables();

  test('the spelling key is idempotent', () => {
    const forms = tables.flatMap((t) => t.forms.map((f) => f.arabizi));
    const arabiziLike = fc.string({ unit: fc.constantFrom(..."abcdeghiklmnoqrstuwy2357 8 -'’.,!?EKSHOU".split('')), maxLength: 40 });
    fc.assert(
      fc.property(
        fc.oneof(arabiziLike, fc.constantFrom(...forms)),
        (text) => spellingKey(spellingKey(text, lexicon), lexicon) === spellingKey(text, lexicon),
      ),
      { numRuns: 2000 },
    );
  });

  test('never maps two forms of one paradigm or tense together, save those told apart as written', () => {
    expect(tables.length).toBeGreaterThan(200);
    const folded: string[][] = [];
    for (const table of tables) {
      for (const a of table.forms) {
        for (const b of table.forms) {
          if (written(a.arabizi) === written(b.arabizi)) continue;
          if (spellingKey(a.arabizi, lexicon) === spellingKey(b.arabizi, lexicon)) folded.push([a.arabizi, b.arabizi]);
          // Whatever the key does, the judge never takes one form for another.
          expect({ typed: a.arabizi, expected: b.arabizi, verdict: judgeTyped(a.arabizi, b.arabizi, lexicon) }).toEqual({
            typed: a.arabizi,
            expected: b.arabizi,
            verdict: 'wrong',
          });
        }
      }
    }
    const pairs = new Set(TOLD_APART_AS_WRITTEN.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
    expect(folded.filter(([a, b]) => !pairs.has(`${a}|${b}`))).toEqual([]);
  }, 120_000);

  test('a form spelt with any habits is right for itself and never right for another form of its table', () => {
    const withForms = tables.filter((t) => t.forms.length > 1);
    const pick = fc
      .constantFrom(...withForms)
      .chain((table) => fc.tuple(fc.constant(table), fc.constantFrom(...table.forms), fc.subarray(HABITS, { minLength: 1 })));
    fc.assert(
      fc.property(pick, ([table, form, habits]) => {
        const spelt = habits.reduce((text, habit) => habit(text), form.arabizi);
        // A habit that writes another form of the table (ba3ato, "they sent", doubled: ba3atto, "you sent") makes that form.
        // So does one that writes another word of the course (2alo, "they said", without its 2: alo, "hello"),
        // or that word with a letter doubled, itself a habit (allo).
        fc.pre(!table.forms.some((other) => written(other.arabizi) === written(spelt) && other.english !== form.english));
        fc.pre(!lexicon.forms.some(([other = '', english]) => undoubled(other) === undoubled(spelt) && english !== form.english));
        if (judgeTyped(spelt, form.arabizi, lexicon) !== 'right') return false;
        return table.forms.every(
          (other) => written(other.arabizi) === written(form.arabizi) || judgeTyped(spelt, other.arabizi, lexicon) !== 'right',
        );
      }),
      { numRuns: 1500 },
    );
  }, 120_000);
});

/** Every word a flash card can ask for: the words of every topic and the forms of every verb. */
function courseWords(): { english: string; lebanese: string }[] {
  const words = readdirSync(join(CONTENT_DIR, 'words')).flatMap((file) => {
    const topic = Bun.YAML.parse(readFileSync(join(CONTENT_DIR, 'words', file), 'utf8')) as {
      words: { english: unknown; arabizi: unknown }[];
    };
    return topic.words.map((w) => ({ english: String(w.english), lebanese: String(w.arabizi) }));
  });
  const verbs = formTables().flatMap((t) => t.forms.map((f) => ({ english: f.english, lebanese: f.arabizi })));
  return [...words, ...verbs];
}

describe('typed answers in the course', () => {
  test('accept the feminine -a or -e, words run together and the other spellings of two number-letters side by side', () => {
    expect(judgeTyped('samka', 'samke', lexicon)).toBe('right');
    expect(judgeTyped('bto23di', 'bto23de', lexicon)).toBe('right');
    expect(judgeTyped('masalame', 'ma3 salame', lexicon)).toBe('right');
    for (const spelt of ['bo3od', "bo'3od", 'bu23ud', 'boa3od']) expect(judgeTyped(spelt, 'bo23od', lexicon)).toBe('right');
    expect(judgeTyped('addeh l-7sab', 'Addeh el 7seb?', lexicon)).toBe('right');
    // The final vowel that tells a man from a woman is never folded: btestanni is btestanne, to a woman.
    expect(judgeAnswer('btestanni', 'btestanna', lexicon).message).toBe("Not quite. That is 'you wait (f.)'.");
    expect(judgeTyped('btestanni', 'btestanne', lexicon)).toBe('right');
  });

  /**
   * The key folds some different words of the course together (2asir short and 3asir juice): found here
   * from the content, each group's words are refused for one another, each named, and each is right for itself.
   */
  test('a word spelt as another word of the course is refused, for every group the key folds together', () => {
    const groups = new Map<string, Map<string, string>>();
    for (const w of courseWords()) {
      const key = spellingKey(w.lebanese, lexicon).replace(/ /g, '');
      const spellings = groups.get(key) ?? new Map<string, string>();
      spellings.set(written(w.lebanese), w.english);
      groups.set(key, spellings);
    }
    const folded = [...groups.values()].filter((spellings) => new Set(spellings.values()).size > 1).map((spellings) => [...spellings]);
    expect(folded.length).toBeGreaterThanOrEqual(5);
    for (const group of folded) {
      for (const [expected, meaning] of group) {
        expect(judgeTyped(expected, expected, lexicon)).toBe('right');
        for (const [other, otherMeaning] of group) {
          if (other === expected || otherMeaning === meaning) continue;
          const judged = judgeAnswer(other, expected, lexicon);
          expect({ typed: other, expected, verdict: judged.verdict }).toEqual({ typed: other, expected, verdict: 'wrong' });
          expect(judged.message).toContain(`'${otherMeaning}'`);
        }
      }
    }
  });
});

/** Each YAML file of a content folder, parsed. */
const contentFiles = <T>(folder: string): T[] =>
  readdirSync(join(CONTENT_DIR, folder))
    .sort()
    .map((file) => Bun.YAML.parse(readFileSync(join(CONTENT_DIR, folder, file), 'utf8')) as T);
const knows = (forms: string[][], arabizi: string, english: string) => forms.some(([a, e]) => a === arabizi && e === english);

describe('what the judge knows of the content (docs/decisions/0069-a-judge-that-knows-the-forms.md)', () => {
  test('every line of a dialogue and every sentence, question and answer, with its English', () => {
    type Text = { arabizi: string; english: string };
    const dialogues = contentFiles<{ lines: Text[] }>('dialogues').flatMap((d) => d.lines);
    const sentences = contentFiles<{ sentences: { question: Text; contexts: { recommended_answer: string; english: string }[] }[] }>(
      'sentences',
    ).flatMap((file) =>
      file.sentences.flatMap((s) => [s.question, ...s.contexts.map((c) => ({ arabizi: c.recommended_answer, english: c.english }))]),
    );
    expect(dialogues.length).toBeGreaterThan(100);
    expect(sentences.length).toBeGreaterThan(100);
    expect([...dialogues, ...sentences].filter((t) => !knows(lexicon.forms, t.arabizi, t.english))).toEqual([]);
  });

  // Digits are right for a number (docs/decisions/0069), whatever its size: written in English words in
  // content/words/numbers.yaml ('twenty', 'two hundred', 'a million').
  test('digits are right for every size of number in the Numbers topic, and only for its own number', () => {
    const numbers = [
      ['13', 'tletta3sh'],
      ['20', '3eshrin'],
      ['30', 'tletin'],
      ['100', 'miyye'],
      ['200', 'mitein'],
      ['1000', 'alf'],
      ['1000000', 'malyoun'],
    ];
    for (const [digits, spelled] of numbers)
      expect({ digits, verdict: judgeTyped(digits!, spelled!, lexicon) }).toEqual({ digits, verdict: 'right' });
    for (const [digits, spelled] of [
      ['2', '3eshrin'],
      ['100', 'mitein'],
      ['3', 'tletin'],
    ])
      expect({ digits, verdict: judgeTyped(digits!, spelled!, lexicon) }).toEqual({ digits, verdict: 'wrong' });
  });

  test("the partner's arabizi is put in the spelling table's canonical spelling word by word, a capital kept", () => {
    // content/spelling.yaml: marhaba is written mar7aba, keefak kifak; Rami is no variant and is left as it is.
    expect(createSpellingService().courseSpelling('Marhaba! keefak ya Rami?')).toBe('Mar7aba! kifak ya Rami?');
  });
});

/**
 * The lexicon served to browsers carries the forms' English, so it follows the tiers
 * (docs/product-rules.md#tiers): without premium, the free topics' words, each verb's present and the free
 * dialogues; with it, everything. A premium learner's copy is private, kept by their browser alone.
 */
describe('GET /api/spelling', () => {
  const t = createTestApp();
  afterAll(() => t.close());

  test('a visitor and a learner after the trial get the free forms only, publicly cached; a learner in the trial all, privately', async () => {
    type Word = { arabizi: string; english: string };
    const premiumWord = contentFiles<{ premium: boolean; words: Word[] }>('words').find((topic) => topic.premium)!.words[0]!;
    const verb = contentFiles<{ premium?: boolean; conjugations: Record<string, Record<string, Word>> }>('verbs').find((v) => !v.premium)!;
    const present = verb.conjugations.present!.ana!;
    const past = verb.conjugations.past!.ana!;
    const premiumLine = contentFiles<{ premium: boolean; lines: Word[] }>('dialogues').find((d) => d.premium)!.lines[0]!;
    const freeLine = contentFiles<{ premium: boolean; lines: Word[] }>('dialogues').find((d) => !d.premium)!.lines[0]!;
    const premiumForms = [premiumWord, past, premiumLine];

    const read = async (cookie?: string) => {
      const res = await t.request('GET', '/api/spelling', { cookie });
      expect(res.status).toBe(200);
      const forms = res.json.forms as string[][];
      return {
        cache: res.headers.get('cache-control')?.split(',')[0],
        free: [present, freeLine].every((f) => knows(forms, f.arabizi, f.english)),
        premium: premiumForms.map((f) => knows(forms, f.arabizi, f.english)),
      };
    };
    const freeOnly = { cache: 'public', free: true, premium: [false, false, false] };
    expect(await read()).toEqual(freeOnly);
    const { cookie } = await t.signUp();
    expect(await read(cookie)).toEqual({ cache: 'private', free: true, premium: [true, true, true] });
    t.clock.advance(8 * DAY_MS);
    expect(await read(cookie)).toEqual(freeOnly);
  });
});

describe('paradigms (docs/content-format.md#paradigms)', () => {
  const errorsOf = (text: string) => {
    const errors: ContentIssue[] = [];
    parseParadigms({ path: 'paradigms/test.yaml', text }, { error: (e) => errors.push(e), warn() {} });
    return errors;
  };

  test('two forms the spelling key folds together, or with one English, are refused at their line', () => {
    const errors = errorsOf(`paradigms:
  - key: want
    kind: pseudo-verb
    english: "badd-, to want"
    forms:
      - { arabizi: "baddi", arabic: "بدّي", english: "I want" }
      - { arabizi: "badde", arabic: "بدّي", english: "I need" }
      - { arabizi: "badda", arabic: "بدّا", english: "I want" }
`);
    expect(errors.map(({ line, field }) => ({ line, field }))).toEqual([
      { line: 7, field: 'paradigms[0].forms[1].arabizi' },
      { line: 8, field: 'paradigms[0].forms[2].english' },
    ]);
    expect(errors[0]!.message).toContain('"baddi"');
    expect(errors[1]!.message).toContain('"baddi"');
  });

  test('a paradigm lists at least two forms', () => {
    const errors = errorsOf(`paradigms:
  - key: i
    kind: pronoun
    english: "I"
    forms:
      - { arabizi: "ana", arabic: "أنا", english: "I" }
`);
    expect(errors.map((e) => e.message)).toEqual([expect.stringContaining('at least two forms')]);
  });
});
