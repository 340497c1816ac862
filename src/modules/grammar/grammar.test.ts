import { afterAll, describe, expect, test } from 'bun:test';
import { startFakeOpenAI } from '../../../tests/fakes/openai';
import { createTestApp } from '../../../tests/support/app';
import { validateContent } from '../../content/importer';
import { contentPlugins } from '../index';
import { contentSandbox, lettersFile, verbFile } from '../../../tests/support/content';

const fake = startFakeOpenAI();
const t = createTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
afterAll(() => {
  t.close();
  fake.close();
});

describe('GET /api/grammar', () => {
  test('every page of content/grammar in order, with its title and summary', async () => {
    const res = await t.server.api.grammar.get();
    expect(res.status).toBe(200);
    const keys = res.json.map((p: { key: string }) => p.key);
    expect(keys.slice(0, 3)).toEqual(['pronouns', 'possessive-suffixes', 'object-suffixes']);
    expect(keys).toContain('telling-time');
    expect(res.json[0]).toEqual({
      key: 'pronouns',
      title: 'Pronouns',
      summary: 'ana, enta, enti ... the eight words for who, and why Lebanese often leave them out.',
    });
  });
});

describe('GET /api/grammar/{key}', () => {
  test('a page: its explanation, tables, examples, and the words and verbs it points at with their topics', async () => {
    const res = await t.server.api.grammar({ key: 'telling-time' }).get();
    expect(res.status).toBe(200);
    expect(res.json.title).toBe('Telling the time');
    expect(res.json.body).toStartWith('**El sa3a** (the hour)');
    expect(res.json.tables[1].rows).toContainEqual({ arabizi: 'ella reb3', arabic: 'إلّا ربع', english: 'quarter to' });
    expect(res.json.examples[0]).toEqual({
      arabizi: 'El sa3a tlete w nos ba3d el dohr',
      arabic: 'الساعة تلاتة ونصّ بعد الضهر',
      english: "It's half past three in the afternoon",
    });
    expect(res.json.words[0]).toEqual({ arabizi: 'reb3', english: 'quarter', topic: 'Numbers' });
    const past = await t.server.api.grammar({ key: 'past' }).get();
    expect(past.json.verbs[0]).toEqual({ arabizi: 'akal', english: 'to eat', topic: 'Verb: to eat' });
  });

  test('a key no page has is 404, a key that cannot be one is 400', async () => {
    const missing = await t.server.api.grammar({ key: 'no-such-page' }).get();
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe('Grammar page not found');
    const bad = await t.server.api.grammar({ key: 'Bad Key!' }).get();
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('The page key is not valid.');
  });

  test('a lesson names the page that explains it', async () => {
    const lessons = (await t.server.api.lessons.get()).json as { key: string; grammar: string | null }[];
    expect(lessons.find((l) => l.key === 'talking-about-the-past')?.grammar).toBe('past');
    expect(lessons.find((l) => l.key === 'greetings-and-courtesy')?.grammar).toBeNull();
  });
});

describe('speech', () => {
  test('speaks a table row or an example of a grammar page, in either script, and nothing else', async () => {
    expect(t.services.grammar.speakableFor('ELLA REB3')).toEqual({ arabic: 'إلّا ربع', arabizi: 'ella reb3', premium: false });
    expect(t.services.grammar.speakableFor('إلّا ربع')).toEqual({ arabic: 'إلّا ربع', arabizi: 'ella reb3', premium: false });
    expect(t.services.grammar.speakableFor('ella')).toBeNull();
    // The speech of the app asks the grammar pages too: this example is in no word or sentence.
    const res = await t.server.api.tts.get({ query: { text: 'El sa3a tmene ella reb3' } });
    expect(res.status).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ input: 'الساعة تمانية إلّا ربع' });
  });
});

describe('the import of grammar pages', () => {
  const { fixture } = contentSandbox();
  const page = (front: string) =>
    `---\nkey: past\ntitle: The past\nsummary: akalt and akal.\norder: 1\ntables:\n  - caption: Eat\n    rows:\n      - { arabizi: akalt, arabic: أكلت, english: I ate }\nexamples:\n  - { arabizi: akal, arabic: أكل, english: he ate }\n${front}---\nThe past.\n`;
  const errorsOf = (files: Record<string, string>) =>
    validateContent(fixture({ 'letters/letters.yaml': lettersFile, 'verbs/eat.yaml': verbFile(), ...files }), contentPlugins).errors.map(
      (e) => `${e.file}:${e.line}: ${e.field}: ${e.message}`,
    );

  test('a word or a verb the page points at must exist', () => {
    expect(errorsOf({ 'grammar/01-past.md': page('verbs: [eat]\n') })).toEqual([]);
    expect(errorsOf({ 'grammar/01-past.md': page('words: [colors/red]\nverbs: [drink]\n') })).toEqual([
      'grammar/01-past.md:12: words[0]: no word with key "colors/red" in content/words (a key is "<topic key>/<word key>")',
      'grammar/01-past.md:13: verbs[0]: no verb with key "drink" in content/verbs',
    ]);
  });

  test('a lesson whose grammar page does not exist is an error', () => {
    const lesson = `---\nkey: past-1\nname: The past\ngrammar: the-past\norder: 1\ndifficulty: beginner\nsteps:\n  - type: vocabulary\n    components:\n      - { lebanese: akalt, english: I ate }\n---\nThe past.\n`;
    expect(errorsOf({ 'grammar/01-past.md': page(''), 'lessons/01-past.md': lesson })).toEqual([
      'lessons/01-past.md:4: grammar: no grammar page with key "the-past" in content/grammar',
    ]);
  });
});
