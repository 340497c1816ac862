import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createTestApp } from '../../../tests/support/app';
import { drinkSentences } from '../../../tests/support/content';
import { loadSpelling } from '../../content/spelling';
import { arabiziKey, spellingLexicon } from '../../shared/arabizi';
import { CONTENT_DIR } from '../../content/dir';
import { validateContent } from '../../content/importer';
import { sentencesContent, type SentenceContent } from './content';
import { createSpellingService } from '../spelling/service';
import { scoreLocally } from './rules';

/** Every recommended answer of the sentence corpus, with the sentence it answers. */
const corpus = (validateContent(CONTENT_DIR, [sentencesContent]).parsed.get('sentences') as SentenceContent[]).flatMap((s) =>
  s.contexts.map((c) => ({ sentence: s.sentence.key, answer: c.recommendedAnswer })),
);

/** The content's spelling table, and a word of it the habits alone do not connect to one of its variants. */
const table = loadSpelling(CONTENT_DIR).entries;
const lexicon = spellingLexicon(table);
const irregular = table.flatMap((e) =>
  e.variants
    .filter((v) => {
      const [k, kv] = [arabiziKey(e.canonical), arabiziKey(v)];
      return (
        /^[a-z0-9]{5,}$/i.test(e.canonical) &&
        !kv.startsWith(k) &&
        !k.startsWith(kv) &&
        arabiziKey(v, lexicon) === arabiziKey(e.canonical, lexicon)
      );
    })
    .map((variant) => ({ canonical: e.canonical, variant })),
)[0];

/**
 * The spelling habits of docs/decisions/0009, each as a rewrite a learner's keyboard might make; a
 * habit with choices takes the one `pick` names. A habit that finds nothing to rewrite changes nothing.
 */
const HABITS: Record<string, (text: string, pick: number) => string> = {
  ain: (t) => t.replace(/3/g, 'a'),
  ha: (t) => t.replace(/7/g, 'h'),
  glottal: (t, pick) => t.replace(/2/g, pick % 2 ? "'" : ''),
  kha: (t) => (/5/.test(t) ? t.replace(/5/g, 'kh') : t.replace(/kh/g, '5')),
  ghain: (t) => (/8/.test(t) ? t.replace(/8/g, 'gh') : t.replace(/gh/g, '8')),
  shin: (t) => (/sh/.test(t) ? t.replace(/sh/g, 'ch') : t.replace(/ch/g, 'sh')),
  vowelE: (t, pick) => (pick % 2 ? t.replace(/e/g, 'i') : t.replace(/i/g, 'e')),
  vowelU: (t, pick) => t.replace(/ou|o|u/g, ['o', 'u', 'ou'][pick % 3]),
  doubled: (t, pick) => (pick % 2 ? t.replace(/([b-df-hj-np-tv-z])\1/g, '$1') : t.replace(/([aeiou])([bdfklmnrst])(?=[aeiou])/g, '$1$2$2')),
  article: (t, pick) => t.replace(/\b(?:el|il) (?=\w)|\bl-/g, ['l-', 'el-', 'il ', 'el '][pick % 4]),
};

const variant = fc.record({
  index: fc.nat(corpus.length - 1),
  habits: fc.subarray(Object.keys(HABITS), { minLength: 1, maxLength: 3 }),
  pick: fc.nat(11),
});

describe('sentence scoring across spellings (docs/decisions/0009)', () => {
  test('the corpus holds sentences to test', () => {
    expect(corpus.length).toBeGreaterThan(100);
  });

  test('an answer spelt with up to three other habits scores correct at least 9 times in 10', () => {
    const outcomes = fc.sample(variant, { numRuns: 3000, seed: 14 }).map(({ index, habits, pick }) => {
      const recommended = corpus[index].answer;
      const written = habits.reduce((text, habit) => HABITS[habit](text, pick), recommended.toLowerCase());
      return { recommended, written, correct: scoreLocally(written, recommended, lexicon).isCorrect };
    });
    const missed = outcomes.filter((o) => !o.correct);
    expect(missed.length / outcomes.length).toBeLessThanOrEqual(0.1);
    // Every sentence of the corpus, with every habit at once in each of its forms.
    for (const { answer } of corpus) {
      for (let pick = 0; pick < 12; pick++) {
        const written = Object.values(HABITS).reduce((text, habit) => habit(text, pick), answer.toLowerCase());
        expect({ answer, written, correct: scoreLocally(written, answer, lexicon).isCorrect }).toMatchObject({ correct: true });
      }
    }
  }, 60_000);

  test('"ahwe" scores as "2ahwe"', () => {
    expect(scoreLocally('ahwe', '2ahwe kbire')).toEqual(scoreLocally('2ahwe', '2ahwe kbire'));
    expect(scoreLocally('baddi ahwe', 'Baddi 2ahwe').isCorrect).toBe(true);
  });

  test("another question's answer, in any of these spellings, is still refused", () => {
    const spellings = fc.sample(fc.record({ habits: fc.subarray(Object.keys(HABITS), { maxLength: 3 }), pick: fc.nat(11) }), {
      numRuns: corpus.length,
      seed: 7,
    });
    let pairs = 0;
    let accepted = 0;
    // Every second answer as the target: the pairs grow as the square of the corpus, and half of them
    // (about 125,000 with 500 answers) keep the run inside its time on a loaded machine.
    const targets = corpus.filter((_, i) => i % 2 === 0);
    targets.forEach((target) =>
      corpus.forEach((other, k) => {
        if (other.sentence === target.sentence) return;
        const { habits, pick } = spellings[k];
        const written = habits.reduce((text, habit) => HABITS[habit](text, pick), other.answer.toLowerCase());
        pairs++;
        if (scoreLocally(written, target.answer, lexicon).isCorrect) accepted++;
      }),
    );
    // A handful of answers to other questions share most of their key words ("bel beit" ...) and pass.
    expect(pairs).toBeGreaterThan(10_000);
    expect(accepted / pairs).toBeLessThan(0.001);
  }, 60_000);

  test('words that are not in the recommended answer are refused', () => {
    fc.assert(
      fc.property(
        fc.nat(corpus.length - 1),
        fc.array(fc.stringMatching(/^[a-z2357]{2,9}$/), { minLength: 1, maxLength: 8 }),
        (index, words) => {
          return !scoreLocally(words.join(' '), corpus[index].answer, lexicon).isCorrect;
        },
      ),
      { numRuns: 3000, seed: 14 },
    );
  }, 60_000);
});

describe('the spelling table in sentence scoring', () => {
  test('a variant of the table counts as its canonical form', () => {
    for (const e of table) {
      for (const variant of e.variants) {
        if (e.canonical.length <= 3) continue;
        expect({ variant, canonical: e.canonical, correct: scoreLocally(variant, e.canonical, lexicon).isCorrect }).toEqual({
          variant,
          canonical: e.canonical,
          correct: true,
        });
      }
    }
  });
});

describe('POST /api/sentences/answer in arabizi', () => {
  const content = mkdtempSync(join(tmpdir(), 'kalimat-arabizi-'));
  mkdirSync(join(content, 'sentences'));
  writeFileSync(
    join(content, 'sentences', 'food_and_drink.yaml'),
    drinkSentences(`      - context: A word of the spelling table.
        recommended_answer: "${irregular.canonical}"
        arabic: "كلمة"
        english: "A word (to a man)"
`),
  );
  const t = createTestApp({ content });
  afterAll(() => {
    t.close();
    rmSync(content, { recursive: true, force: true });
  });

  test('an answer in another spelling is correct, another answer is not', async () => {
    const { cookie } = await t.signUp();
    const sentenceId = (t.db.$client.query('select id from sentences').get() as { id: number }).id;
    const send = (answer: string) =>
      t.server.api.sentences.answer.post({ sentenceId, answer, context: 'At a café you want a coffee without sugar.' }, { cookie });
    const spelt = await send('Badi 2ahwe bala sikar');
    expect(spelt.status).toBe(200);
    expect(spelt.json).toMatchObject({
      isCorrect: true,
      evaluatedBy: 'local',
      userAnswer: 'Badi 2ahwe bala sikar',
      recommendedAnswer: 'Baddi ahwe bala sekkar',
    });
    expect(spelt.json.feedback).toBe('You used 4 of the 4 key words of the recommended answer. Well said!');
    const other = await send('baddi shay');
    expect(other.json).toMatchObject({ isCorrect: false, evaluatedBy: 'local' });
  });

  test(`a variant from content/spelling.yaml ("${irregular.variant}" for "${irregular.canonical}") is correct`, async () => {
    expect(scoreLocally(irregular.variant, irregular.canonical).isCorrect).toBe(false);
    const { cookie } = await t.signUp();
    const sentenceId = (t.db.$client.query('select id from sentences').get() as { id: number }).id;
    const res = await t.server.api.sentences.answer.post(
      { sentenceId, answer: irregular.variant, context: 'A word of the spelling table.' },
      { cookie },
    );
    expect(res.json).toMatchObject({ isCorrect: true, evaluatedBy: 'local' });
  });

  test('GET /api/spelling gives the lexicon of the table, with the forms the free content teaches, to a browser signed out', async () => {
    const res = await t.server.api.spelling.get();
    expect(res.status).toBe(200);
    expect(res.json).toEqual(JSON.parse(JSON.stringify(createSpellingService().lexiconFor(false))));
    expect(Object.keys(res.json.keys).length).toBeGreaterThan(0);
    expect(res.json.forms).toContainEqual(['badda', 'she wants']);
    expect(res.json.numbers).toContainEqual(['8', 'tmene']);
  });
});
