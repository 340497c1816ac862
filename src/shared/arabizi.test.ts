import { describe, expect, test } from 'bun:test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { CONTENT_DIR } from '../content/dir';
import { arabiziKey, letterDiff, spellingLexicon } from './arabizi';
import { judgeTyped } from './judge';

interface SpellingTable {
  words: { canonical: string; variants: string[] }[];
}

/** The fixture always, and content/spelling.yaml once its authors have written it. */
const tables: [string, SpellingTable][] = [join(import.meta.dir, '../../tests/fixtures/spelling.yaml'), join(CONTENT_DIR, 'spelling.yaml')]
  .filter((path) => existsSync(path))
  .map((path) => [path, parse(readFileSync(path, 'utf8')) as SpellingTable]);

/** Text shaped like arabizi: letters, the number-letters, apostrophes, hyphens, spaces and punctuation. */
const arabiziLike = fc.string({ unit: fc.constantFrom(...'abcdeghiklmnorstuwy2357 8 -\'’.,!?EKSHOU'.split('')), maxLength: 40 });
/** Every spelling of the tables, canonical or variant. */
const tableWords = tables.flatMap(([, table]) => table.words.flatMap((w) => [String(w.canonical), ...w.variants.map(String)]));
/** Phrases of table spellings and arabizi-like bits, to meet the lexicon's multi-word and neighbour cases. */
const tablePhrase = fc.array(fc.oneof(fc.constantFrom(...tableWords), arabiziLike), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' '));
const lexicons = tables.map(([, table]) => spellingLexicon(table.words.map((w) => ({ canonical: String(w.canonical), variants: w.variants.map(String) }))));

describe('the arabizi key', () => {
  test('folds each spelling habit to one form', () => {
    expect(arabiziKey('2ahwe')).toBe(arabiziKey('ahwe'));
    expect(arabiziKey("'ahwe")).toBe(arabiziKey('ahwe'));
    expect(arabiziKey('3am')).toBe(arabiziKey('aam'));
    expect(arabiziKey('7abibi')).toBe(arabiziKey('habibi'));
    expect(arabiziKey('5er')).toBe(arabiziKey('kheir'));
    expect(arabiziKey('8ali')).toBe(arabiziKey('ghali'));
    expect(arabiziKey('shu')).toBe(arabiziKey('chou'));
    expect(arabiziKey('shou')).toBe(arabiziKey('sho'));
    expect(arabiziKey('sekkar')).toBe(arabiziKey('sekar'));
    expect(arabiziKey('saba7 el 5er')).toBe(arabiziKey('Saba7 l-kheir!'));
    expect(arabiziKey('saba7 el 5er')).toBe(arabiziKey('saba7 il-5er'));
  });

  test('keeps different words apart', () => {
    expect(arabiziKey('baddi')).not.toBe(arabiziKey('bint'));
    expect(arabiziKey('ahwe')).not.toBe(arabiziKey('ahla'));
    expect(arabiziKey('beit')).not.toBe(arabiziKey('bent'));
    expect(arabiziKey('ma3 salame')).not.toBe(arabiziKey('ma3salame'));
  });

  test('is idempotent, with and without the spelling tables', () => {
    fc.assert(fc.property(arabiziLike, (text) => arabiziKey(arabiziKey(text)) === arabiziKey(text)), { numRuns: 1000 });
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => arabiziKey(arabiziKey(text)) === arabiziKey(text)), { numRuns: 1000 });
    for (const lexicon of lexicons) {
      fc.assert(fc.property(tablePhrase, (text) => arabiziKey(arabiziKey(text, lexicon), lexicon) === arabiziKey(text, lexicon)), { numRuns: 1000 });
    }
  }, 60_000);

  test('maps every variant of the spelling table to its canonical form', () => {
    expect(tables.length).toBeGreaterThan(0);
    tables.forEach(([path, table], t) => {
      const pairs = table.words.flatMap((w) => w.variants.map((variant) => [String(w.canonical), String(variant)] as const));
      expect(pairs.length).toBeGreaterThan(0);
      const unmatched = pairs.filter(([canonical, variant]) => arabiziKey(variant, lexicons[t]) !== arabiziKey(canonical, lexicons[t]));
      expect({ path, unmatched }).toEqual({ path, unmatched: [] });
      // And in any case, with any punctuation around it.
      fc.assert(
        fc.property(fc.constantFrom(...pairs), fc.constantFrom('', '!', '?', '.'), fc.boolean(), ([canonical, variant], mark, upper) => {
          const written = `${upper ? variant.toUpperCase() : variant}${mark}`;
          return arabiziKey(written, lexicons[t]) === arabiziKey(canonical, lexicons[t]);
        }),
        { numRuns: Math.max(100, pairs.length * 2) },
      );
    });
  });

  test('a variant the habits would take for another word is matched only as written', () => {
    const lexicon = spellingLexicon([
      { canonical: 'kifak', variants: ['kifek', 'keefak'] },
      { canonical: 'kifik', variants: ['keefik'] },
      { canonical: 'menshouf', variants: ['mnshouf'] },
    ]);
    expect(arabiziKey('kifek', lexicon)).toBe(arabiziKey('kifak', lexicon));
    expect(arabiziKey('kifik', lexicon)).not.toBe(arabiziKey('kifak', lexicon));
    expect(arabiziKey('mnshouf', lexicon)).toBe(arabiziKey('menshouf'));
    expect(arabiziKey('mnchouf l-yom', lexicon)).toBe(arabiziKey('menshouf el yom'));
    expect(judgeTyped('keefak', 'kifak', lexicon)).toBe('right');
    // Words that are also names of object properties are words like any other.
    expect(arabiziKey('constructor toString __proto__', lexicon)).toBe(arabiziKey('constructor toString __proto__'));
    expect(arabiziKey('constructor toString', lexicon)).toBe('cunstructur tustring');
  });
});

describe('typed answers', () => {
  test('marks the letters that differ', () => {
    expect(letterDiff('ahwi', 'ahwe')).toEqual({
      typed: [{ text: 'ahw', same: true }, { text: 'i', same: false }],
      expected: [{ text: 'ahw', same: true }, { text: 'e', same: false }],
      distance: 1,
    });
    expect(letterDiff('mar7aba', 'mar7aba').distance).toBe(0);
    expect(letterDiff('mara', 'mar7aba')).toMatchObject({
      expected: [{ text: 'mar', same: true }, { text: '7', same: false }, { text: 'a', same: true }, { text: 'ba', same: false }],
      distance: 3,
    });
  });

  test('the runs of a diff spell out both texts', () => {
    fc.assert(
      fc.property(arabiziLike, arabiziLike, (a, b) => {
        const diff = letterDiff(a, b);
        return diff.typed.map((r) => r.text).join('') === a && diff.expected.map((r) => r.text).join('') === b && diff.distance <= Math.max(a.length, b.length);
      }),
    );
  });

  test('right when the keys agree, almost at one letter, wrong otherwise', () => {
    expect(judgeTyped('ahwe', '2ahwe')).toBe('right');
    expect(judgeTyped('Saba7 l-kheir', 'saba7 el 5er')).toBe('right');
    expect(judgeTyped('mar7abq', 'mar7aba')).toBe('almost');
    expect(judgeTyped('marhab', 'mar7aba')).toBe('almost');
    expect(judgeTyped('shukran', 'mar7aba')).toBe('wrong');
    expect(judgeTyped('   ', 'mar7aba')).toBe('wrong');
  });
});

/** Every word a flash card can ask for: the words of every topic and the forms of every verb, by screen (topic). */
function courseWords(): { screen: string; english: string; lebanese: string }[] {
  const words = readdirSync(join(CONTENT_DIR, 'words')).flatMap((file) => {
    const topic = parse(readFileSync(join(CONTENT_DIR, 'words', file), 'utf8')) as { topic: string; words: { english: unknown; arabizi: unknown }[] };
    return topic.words.map((w) => ({ screen: topic.topic, english: String(w.english), lebanese: String(w.arabizi) }));
  });
  const verbs = readdirSync(join(CONTENT_DIR, 'verbs')).flatMap((file) => {
    const verb = parse(readFileSync(join(CONTENT_DIR, 'verbs', file), 'utf8')) as { english: string; conjugations: Record<string, Record<string, { arabizi: unknown; english: unknown }>> };
    return Object.values(verb.conjugations).flatMap((forms) =>
      Object.values(forms).map((form) => ({ screen: `Verb: ${verb.english}`, english: String(form.english), lebanese: String(form.arabizi) })),
    );
  });
  return [...words, ...verbs];
}

describe('typed answers in the course', () => {
  const lexicon = lexicons.at(-1)!;
  const course = courseWords();

  test('accept the final a or e, words run together and the other spellings of two number-letters side by side', () => {
    expect(judgeTyped('samka', 'samke', lexicon)).toBe('right');
    expect(judgeTyped('ahwa', '2ahwe', lexicon)).toBe('right');
    expect(judgeTyped('bto23di', 'bto23de', lexicon)).toBe('right');
    expect(judgeTyped('masalame', 'ma3 salame', lexicon)).toBe('right');
    expect(judgeTyped('ma3salama', 'ma3 salame', lexicon)).toBe('right');
    for (const spelt of ['bo3od', "bo'3od", 'bu23ud', 'boa3od']) expect(judgeTyped(spelt, 'bo23od', lexicon)).toBe('right');
    // A table's variant behind the article, as a role-play line has it.
    expect(judgeTyped('Addeh el 7sab?', 'Addeh el 7seb?', lexicon)).toBe('right');
    expect(judgeTyped('addeh l-7sab', 'Addeh el 7seb?', lexicon)).toBe('right');
    // Every form of "to sit" (two number-letters side by side) takes its spelling with the 2 left out.
    const sit = course.filter((w) => w.screen === 'Verb: to sit' && /[23]{2}/.test(w.lebanese));
    expect(sit.length).toBeGreaterThanOrEqual(24);
    for (const form of sit) expect({ form: form.lebanese, verdict: judgeTyped(form.lebanese.replace('23', '3'), form.lebanese, lexicon) }).toEqual({ form: form.lebanese, verdict: 'right' });
    // Digits that are a number stay a number.
    expect(arabiziKey('bas 23 w 37')).toBe('bas 23 w 37');
    // The final a or e that tells a man from a woman is kept apart on the screen that has both forms.
    const wait = ['btestanna', 'btestanne'];
    expect(judgeTyped('btestanni', 'btestanna', lexicon, wait)).toBe('wrong');
    expect(judgeTyped('btestanni', 'btestanne', lexicon, wait)).toBe('right');
  });

  /**
   * The key folds some different words of the course together (2asir short and 3asir juice): found here
   * from the content, each group's words are refused for one another on a screen that holds both, and
   * each is right for itself.
   */
  test('a word spelt as another word of the same screen is refused, for every group the key folds together', () => {
    const groups = new Map<string, Map<string, string>>();
    for (const w of course) {
      const key = arabiziKey(w.lebanese, lexicon).replace(/ /g, '');
      const spellings = groups.get(key) ?? new Map<string, string>();
      spellings.set(w.lebanese.toLowerCase(), w.english);
      groups.set(key, spellings);
    }
    const folded = [...groups.values()].filter((spellings) => spellings.size > 1).map((spellings) => [...spellings]);
    expect(folded.length).toBeGreaterThanOrEqual(17);

    const everything = course.map((w) => w.lebanese);
    // The pairs of the issue (whether the key folds them depends on the spelling table of the day) are
    // never right for one another.
    for (const [a, b] of [['2asir', '3asir'], ['bayd', 'b3id'], ['ba2ra', 'barra']]) {
      expect({ typed: a, expected: b, verdict: judgeTyped(a, b, lexicon, everything) }).toEqual({ typed: a, expected: b, verdict: 'wrong' });
      expect({ typed: b, expected: a, verdict: judgeTyped(b, a, lexicon, everything) }).toEqual({ typed: b, expected: a, verdict: 'wrong' });
    }
    for (const group of folded) {
      for (const [expected] of group) {
        const screens = new Set(course.filter((w) => w.lebanese.toLowerCase() === expected).map((w) => w.screen));
        expect(judgeTyped(expected, expected, lexicon, everything)).toBe('right');
        for (const [other] of group) {
          if (other === expected) continue;
          // All Words holds every word; a topic holds the words of the group that are its own.
          expect({ typed: other, expected, verdict: judgeTyped(other, expected, lexicon, everything) }).toEqual({ typed: other, expected, verdict: 'wrong' });
          for (const screen of screens) {
            const onScreen = course.filter((w) => w.screen === screen).map((w) => w.lebanese);
            const verdict = judgeTyped(other, expected, lexicon, onScreen);
            expect({ typed: other, expected, screen, verdict }).toEqual({ typed: other, expected, screen, verdict: onScreen.some((w) => w.toLowerCase() === other) ? 'wrong' : 'right' });
          }
        }
      }
    }
  });
});
