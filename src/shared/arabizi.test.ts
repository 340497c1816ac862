import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
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
const arabiziLike = fc.string({ unit: fc.constantFrom(..."abcdeghiklmnorstuwy2357 8 -'’.,!?EKSHOU".split('')), maxLength: 40 });
/** Every spelling of the tables, canonical or variant. */
const tableWords = tables.flatMap(([, table]) => table.words.flatMap((w) => [String(w.canonical), ...w.variants.map(String)]));
/** Phrases of table spellings and arabizi-like bits, to meet the lexicon's multi-word and neighbour cases. */
const tablePhrase = fc
  .array(fc.oneof(fc.constantFrom(...tableWords), arabiziLike), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(' '));
const lexicons = tables.map(([, table]) =>
  spellingLexicon(table.words.map((w) => ({ canonical: String(w.canonical), variants: w.variants.map(String) }))),
);

describe('the arabizi key', () => {
  test('folds each spelling habit to one form', () => {
    expect(arabiziKey('2ahwe')).toBe(arabiziKey('ahwe'));
    expect(arabiziKey("'ahwe")).toBe(arabiziKey('ahwe'));
    expect(arabiziKey('3am')).toBe(arabiziKey('aam'));
    expect(arabiziKey('7abibi')).toBe(arabiziKey('habibi'));
    expect(arabiziKey('5eir')).toBe(arabiziKey('kheir'));
    expect(arabiziKey('beit')).toBe(arabiziKey('bayt'));
    expect(arabiziKey('8ali')).toBe(arabiziKey('ghali'));
    expect(arabiziKey('shu')).toBe(arabiziKey('chou'));
    expect(arabiziKey('shou')).toBe(arabiziKey('sho'));
    expect(arabiziKey('sekkar')).toBe(arabiziKey('sekar'));
    expect(arabiziKey('saba7 el 5eir')).toBe(arabiziKey('Saba7 l-kheir!'));
    expect(arabiziKey('saba7 el 5er')).toBe(arabiziKey('saba7 il-5er'));
  });

  test('keeps different words apart', () => {
    expect(arabiziKey('baddi')).not.toBe(arabiziKey('bint'));
    expect(arabiziKey('ahwe')).not.toBe(arabiziKey('ahla'));
    expect(arabiziKey('beit')).not.toBe(arabiziKey('bent'));
    expect(arabiziKey('ma3 salame')).not.toBe(arabiziKey('ma3salame'));
  });

  test('is idempotent, with and without the spelling tables', () => {
    fc.assert(
      fc.property(arabiziLike, (text) => arabiziKey(arabiziKey(text)) === arabiziKey(text)),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => arabiziKey(arabiziKey(text)) === arabiziKey(text)),
      { numRuns: 1000 },
    );
    for (const lexicon of lexicons) {
      fc.assert(
        fc.property(tablePhrase, (text) => arabiziKey(arabiziKey(text, lexicon), lexicon) === arabiziKey(text, lexicon)),
        { numRuns: 1000 },
      );
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
      typed: [
        { text: 'ahw', same: true },
        { text: 'i', same: false },
      ],
      expected: [
        { text: 'ahw', same: true },
        { text: 'e', same: false },
      ],
      distance: 1,
    });
    expect(letterDiff('mar7aba', 'mar7aba').distance).toBe(0);
    expect(letterDiff('mara', 'mar7aba')).toMatchObject({
      expected: [
        { text: 'mar', same: true },
        { text: '7', same: false },
        { text: 'a', same: true },
        { text: 'ba', same: false },
      ],
      distance: 3,
    });
  });

  test('the runs of a diff spell out both texts', () => {
    fc.assert(
      fc.property(arabiziLike, arabiziLike, (a, b) => {
        const diff = letterDiff(a, b);
        return (
          diff.typed.map((r) => r.text).join('') === a &&
          diff.expected.map((r) => r.text).join('') === b &&
          diff.distance <= Math.max(a.length, b.length)
        );
      }),
    );
  });

  test('right when the keys agree, almost at one letter, wrong otherwise', () => {
    expect(judgeTyped('ahwe', '2ahwe')).toBe('right');
    expect(judgeTyped('Saba7 l-kheir', 'saba7 el 5eir')).toBe('right');
    expect(judgeTyped('mar7abq', 'mar7aba')).toBe('almost');
    expect(judgeTyped('marhab', 'mar7aba')).toBe('almost');
    expect(judgeTyped('shukran', 'mar7aba')).toBe('wrong');
    expect(judgeTyped('   ', 'mar7aba')).toBe('wrong');
  });
});
