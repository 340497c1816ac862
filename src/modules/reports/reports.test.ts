import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { drinkSentences, verbFile } from '../../../tests/support/content';
import { DAY_MS } from '../../lib/clock';
import { runImport } from '../../content/importer';
import { contentPlugins } from '../index';
import { createTestApp } from '../../../tests/support/app';
import { locateContent } from '../../content/places';
import { formatReports } from './command';
import { MAX_NOTE_CHARS, MAX_SUGGESTION_CHARS, REPORTS_PER_HOUR } from './rules';
import { openReports, resolveReport } from './service';

const ROOT = resolve(import.meta.dir, '../../..');

/** A small content folder of each reportable kind, so the tests do not hang on the real content's state. */
const FILES: Record<string, string> = {
  'words/greetings.yaml': `topic: Greetings
premium: false
order: 1
words:
  - english: hello
    arabizi: mar7aba
    arabic: مرحبا
    batch: 1
  - english: good morning
    arabizi: saba7 el 5er
    arabic: صباح الخير
    batch: 1
`,
  'words/numbers.yaml': `topic: Numbers
premium: true
order: 2
words:
  - english: one
    arabizi: wa7ad
    arabic: واحد
    batch: 1
`,
  'verbs/eat.yaml': verbFile('eat'),
  'sentences/food_and_drink.yaml': drinkSentences(),
  'lessons/01-greetings.md': `---
key: greetings
name: Greetings
topic: Greetings
order: 1
difficulty: beginner
steps:
  - type: vocabulary
    components:
      - { lebanese: mar7aba, english: hello }
  - type: practice
    question: A neighbour says "saba7 el 5er". What do you answer?
    options: [saba7 el nour, ma3 salame]
    correctAnswer: saba7 el nour
    explanation: Saba7 el 5er is answered with saba7 el nour.
---
A simple **mar7aba** opens almost every conversation.
`,
};

const content = mkdtempSync(join(tmpdir(), 'kalimat-reports-'));
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(dirname(join(content, path)), { recursive: true });
  writeFileSync(join(content, path), text);
}
const t = createTestApp({ content });
afterAll(() => {
  t.close();
  rmSync(content, { recursive: true, force: true });
});

const idOf = (sql: string, ...params: string[]) => (t.db.$client.query(sql).get(...params) as { id: number }).id;
const wordId = (english: string) => idOf('select id from words where english = ?', english);
const report = (cookie: string | undefined, body: Parameters<typeof t.server.api.reports.post>[0]) =>
  t.server.api.reports.post(body, { cookie });

describe('POST /api/reports', () => {
  test('a signed-in learner reports a word, a verb form, a sentence and a lesson step by their content keys', async () => {
    const { cookie } = await t.signUp();
    const word = await report(cookie, {
      item: { kind: 'word', id: wordId('good morning') },
      reason: 'wrong_spelling',
      suggestion: ' saba7 il 5eir ',
      note: 'We write it with ei.',
    });
    expect(word.status).toBe(201);
    expect(word.json).toMatchObject({
      kind: 'word',
      contentKey: 'greetings/good-morning',
      shown: 'saba7 el 5er (good morning)',
      reason: 'wrong_spelling',
      suggestion: 'saba7 il 5eir',
      note: 'We write it with ei.',
    });

    const form = await report(cookie, {
      item: { kind: 'word', id: idOf("select id from words where key = 'verb:eat/past/ana'") },
      reason: 'wrong_meaning',
    });
    expect(form.json).toMatchObject({ kind: 'verb_form', contentKey: 'verb:eat/past/ana', suggestion: null, note: null });

    const sentence = await report(cookie, {
      item: { kind: 'sentence', id: idOf('select id from sentences') },
      reason: 'not_lebanese',
      suggestion: '',
    });
    expect(sentence.json).toMatchObject({
      kind: 'sentence',
      contentKey: 'food_and_drink/what-to-drink',
      shown: 'Shu baddak teshrab?',
      suggestion: null,
    });

    const step = await report(cookie, {
      item: { kind: 'lesson_step', id: idOf('select id from lessons'), step: 1 },
      reason: 'other',
      note: 'Both answers are fine.',
    });
    expect(step.json).toMatchObject({
      kind: 'lesson_step',
      contentKey: 'greetings#1',
      shown: 'Greetings, step 2: A neighbour says "saba7 el 5er". What do you answer?',
    });
  });

  test('only for signed-in learners', async () => {
    const res = await report(undefined, { item: { kind: 'word', id: wordId('hello') }, reason: 'other' });
    expect(res.status).toBe(401);
  });

  test('bad input is a 400 naming the problem; an unknown item a 404', async () => {
    const { cookie } = await t.signUp();
    const hello = { kind: 'word', id: wordId('hello') };
    const cases: [unknown, number, string][] = [
      [{ item: hello, reason: 'boring' }, 400, 'The reason must be one of wrong_spelling, wrong_meaning, not_lebanese, offensive, other.'],
      [
        { item: hello, reason: 'other', suggestion: 'x'.repeat(MAX_SUGGESTION_CHARS + 1) },
        400,
        `The suggestion must be at most ${MAX_SUGGESTION_CHARS} characters.`,
      ],
      [
        { item: hello, reason: 'other', note: 'x'.repeat(MAX_NOTE_CHARS + 1) },
        400,
        `The note must be at most ${MAX_NOTE_CHARS} characters.`,
      ],
      [{ item: { kind: 'letter', id: 1 }, reason: 'other' }, 400, 'The item must be a word, a sentence or a lesson step.'],
      [{ item: { kind: 'word', id: -1 }, reason: 'other' }, 400, 'The word must be an id.'],
      [{ item: { kind: 'lesson_step', id: 1, step: 1.5 }, reason: 'other' }, 400, 'The step must be a number.'],
      [{ reason: 'other' }, 400, 'The field item is required.'],
      ['not json', 400, 'The request body is not valid JSON.'],
      [{ item: { kind: 'word', id: 999999 }, reason: 'other' }, 404, 'This word does not exist.'],
      [{ item: { kind: 'sentence', id: 999999 }, reason: 'other' }, 404, 'This sentence does not exist.'],
      [
        { item: { kind: 'lesson_step', id: idOf('select id from lessons'), step: 9 }, reason: 'other' },
        404,
        'This lesson step does not exist.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await t.request('POST', '/api/reports', { cookie, body });
      expect({ body, status: res.status, message: res.error?.message }).toEqual({ body, status, message });
    }
  });

  test(`a learner's reports are limited to ${REPORTS_PER_HOUR} an hour`, async () => {
    const { cookie } = await t.signUp();
    const other = await t.signUp();
    const body = { item: { kind: 'word', id: wordId('hello') }, reason: 'other' } as const;
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await report(cookie, body)).status).toBe(201);
    const refused = await report(cookie, body);
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe('Too many requests. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await report(other.cookie, body)).status).toBe(201);
    t.clock.advance(60 * 60 * 1000);
    expect((await report(cookie, body)).status).toBe(201);
  });

  // Every route that returns content applies the tier (docs/product-rules.md#tiers): a report on a premium
  // word is refused after the trial as answering it is; a free word can still be reported.
  test('after the trial a report on a premium word is a 402, on a free word still taken', async () => {
    const { cookie } = await t.signUp();
    const premium = { item: { kind: 'word', id: wordId('one') }, reason: 'other' } as const;
    expect((await report(cookie, premium)).status).toBe(201);
    t.clock.advance(8 * DAY_MS);
    const refused = await report(cookie, premium);
    expect({ status: refused.status, error: refused.error?.error }).toEqual({ status: 402, error: 'trial_expired' });
    expect((await report(cookie, { item: { kind: 'word', id: wordId('hello') }, reason: 'other' })).status).toBe(201);
  });
});

describe('listing open reports', () => {
  test('grouped by the file and line of the item, following it when its file moves and after re-imports', async () => {
    const { cookie } = await t.signUp();
    const made = await report(cookie, {
      item: { kind: 'word', id: wordId('good morning') },
      reason: 'wrong_spelling',
      suggestion: 'saba7 il 5eir',
    });
    const id = made.json.id as number;
    const listing = formatReports(openReports(t.db), locateContent(content, contentPlugins));
    expect(listing).toContain(`words/greetings.yaml\n`);
    expect(listing).toContain(
      `  words/greetings.yaml:9  #${id}  Wrong spelling: saba7 el 5er (good morning)\n      suggestion: saba7 il 5eir`,
    );
    expect(listing).toContain('verbs/eat.yaml:9  ');
    expect(listing).toContain('sentences/food_and_drink.yaml:3  ');
    expect(listing).toContain('lessons/01-greetings.md:11  ');

    // The topic's file is renamed and a word is added above: the report follows, the import keeps it.
    renameSync(join(content, 'words/greetings.yaml'), join(content, 'words/hello.yaml'));
    writeFileSync(
      join(content, 'words/hello.yaml'),
      FILES['words/greetings.yaml'].replace('words:\n', 'words:\n  - english: hi\n    arabizi: hi\n    arabic: هاي\n    batch: 1\n'),
    );
    expect(runImport(t.db, content, contentPlugins).ok).toBe(true);
    const moved = formatReports(openReports(t.db), locateContent(content, contentPlugins));
    expect(moved).toContain(`  words/hello.yaml:13  #${id}  Wrong spelling`);
    expect(moved).not.toContain('words/greetings.yaml');

    expect(resolveReport(t.db, id, new Date())).toBe(true);
    expect(resolveReport(t.db, id, new Date())).toBe(false);
    expect(formatReports(openReports(t.db), locateContent(content, contentPlugins))).not.toContain(`#${id} `);
  });

  // A report outlives its author's account (docs/decisions/0010-content-reports.md, the table's comment in
  // ./schema.ts): what a learner pointed out still needs an author's look once they have gone.
  test("a report stays open after its author's account is deleted", async () => {
    const { cookie } = await t.signUp();
    const made = await report(cookie, { item: { kind: 'word', id: wordId('hello') }, reason: 'not_lebanese', note: 'We say hi.' });
    expect((await t.server.api.user.delete.delete(undefined, { cookie })).status).toBe(200);
    t.clock.advance(31 * DAY_MS);
    expect(t.services.auth.purgeDueAccounts()).toBeGreaterThan(0);
    expect(openReports(t.db).find((r) => r.id === made.json.id)).toMatchObject({ contentKey: 'greetings/hello', note: 'We say hi.' });
  });

  test('an item gone from content is listed by its key', () => {
    const listing = formatReports(
      [
        {
          id: 7,
          kind: 'word',
          contentKey: 'colors/mauve',
          shown: 'mauve (mauve)',
          reason: 'other',
          suggestion: null,
          note: 'a\nb',
          createdAt: '',
        },
      ],
      new Map(),
    );
    expect(listing).toBe(
      '(no longer in content/)\n  colors/mauve  #7  Other: mauve (mauve)\n      note: a b\n\n1 open report; close one with `bun run content:reports --resolve ID`.',
    );
    expect(formatReports([], new Map())).toBe('No open reports.');
  });

  test('bun run content:reports lists them and --resolve closes one', async () => {
    const { cookie } = await t.signUp();
    const made = await report(cookie, {
      item: { kind: 'sentence', id: idOf('select id from sentences') },
      reason: 'wrong_meaning',
      suggestion: 'Baddi ahwe sada',
    });
    const run = (...args: string[]) => {
      const child = Bun.spawnSync([process.execPath, 'scripts/content-reports.ts', '--content', content, ...args], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: t.config.DATABASE_PATH },
      });
      return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
    };
    const listed = run();
    expect(listed.code).toBe(0);
    // The database read is named, so an empty list from the wrong one shows which one it was.
    expect(listed.out.split('\n')[0]).toBe(`Reports in ${resolve(t.config.DATABASE_PATH)}:`);
    expect(listed.out).toContain(
      `sentences/food_and_drink.yaml:3  #${made.json.id}  Wrong meaning: Shu baddak teshrab?\n      suggestion: Baddi ahwe sada`,
    );
    expect(run('--resolve', String(made.json.id))).toMatchObject({ code: 0, out: `Report #${made.json.id} is resolved.\n` });
    expect(run('--resolve', String(made.json.id))).toMatchObject({
      code: 1,
      err: `There is no open report #${made.json.id} in ${resolve(t.config.DATABASE_PATH)}.\n`,
    });
    expect(run('--resolve', 'x')).toMatchObject({ code: 2 });
    expect(run().out).not.toContain(`#${made.json.id} `);
    // Five runs of the script, each loading the whole module list: more than the default 5 s on a busy machine.
  }, 30_000);
});
