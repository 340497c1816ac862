import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startFakeOpenAI } from '../../../tests/fakes/openai';
import { silentMp3, spokenOgg } from '../../../tests/support/audio';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { formatIssue, runImport, validateContent } from '../../content/importer';
import { contentStats } from '../../content/commands/stats';
import { contentPlugins } from '../index';
import { writeTestContent } from '../../../tests/support/vocabulary';
import { DAY_MS } from '../../lib/clock';

const fake = startFakeOpenAI();
let content: string;
let ogg: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  ogg = await spokenOgg('bababa');
});
afterAll(() => fake.close());

/** Drops a clip into the test content's audio folder. */
const drop = (path: string, bytes: Uint8Array | string) => {
  const file = join(content, 'audio', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
};
const errorsOf = () => validateContent(content, contentPlugins).errors.map(formatIssue);

describe('the importer checks each recorded clip', () => {
  beforeAll(() => {
    content = writeTestContent();
  });
  afterEach(() => rmSync(join(content, 'audio'), { recursive: true, force: true }));
  afterAll(() => rmSync(content, { recursive: true, force: true }));

  test('a clip of a word, a verb, a verb form: no error', () => {
    drop('words/colors/colors-1.ogg', ogg);
    drop('verbs/write.mp3', silentMp3(0.5));
    drop('verbs/write/past/ana.mp3', silentMp3(1));
    expect(errorsOf()).toEqual([]);
  });

  test('each error names the file', () => {
    drop('words/colors/colors-1.mp3', '<!doctype html><p>not audio</p>');
    drop('words/colors/colors-2.mp3', ogg);
    drop('words/colors/colors-3.mp3', silentMp3(0.1));
    drop('words/colors/colors-4.mp3', silentMp3(31));
    drop('words/colors/colors-5.mp3', silentMp3(70));
    drop('words/colors/no-such-word.ogg', ogg);
    drop('pictures/colors-6.ogg', ogg);
    drop('verbs/write.ogg', ogg);
    drop('verbs/write.mp3', silentMp3(0.5));
    expect(errorsOf().sort()).toEqual([
      'audio/pictures/colors-6.ogg:1: audio: "pictures" is not a kind that can be recorded (words, verbs, sentences, lessons, dialogues)',
      'audio/verbs/write.ogg:1: key: "write" is recorded twice: audio/verbs/write.mp3 too',
      'audio/words/colors/colors-1.mp3:1: audio: the clip cannot be decoded: its header is not mp3 audio',
      'audio/words/colors/colors-2.mp3:1: audio: the clip is audio/ogg, not what its name says (.mp3)',
      'audio/words/colors/colors-3.mp3:1: audio: the clip lasts 0.10 s; a clip lasts 0.2 to 30 s',
      'audio/words/colors/colors-4.mp3:1: audio: the clip lasts 31.01 s; a clip lasts 0.2 to 30 s',
      'audio/words/colors/colors-5.mp3:1: audio: the clip is 1.1 MB; at most 1 MB',
      'audio/words/colors/no-such-word.ogg:1: key: no words item has the key "colors/no-such-word" (see docs/content-format.md#recorded-audio)',
    ]);
  });

  test('content:stats counts the recorded clips per kind', () => {
    drop('words/colors/colors-1.ogg', ogg);
    drop('words/family/family-2.mp3', silentMp3(0.5));
    drop('verbs/write/past/ana.mp3', silentMp3(1));
    const stats = contentStats(validateContent(content, contentPlugins), contentPlugins).text;
    expect(stats).toContain(
      [
        'Recorded audio: 3 clips',
        '  words      2 of 55  (4%)',
        '  verbs      1 of 36  (3%)',
        '  sentences  0 of 0   (0%)',
        '  lessons    0 of 0   (0%)',
        '  dialogues  0 of 0   (0%)',
      ].join('\n'),
    );
  });
});

describe('a recorded clip is served, and preferred over synthetic speech', () => {
  let t: TestApp;
  beforeAll(() => {
    content = writeTestContent();
    drop('words/colors/colors-1.ogg', ogg);
    drop('words/animals/animals-1.ogg', ogg);
    mkdirSync(join(content, 'lessons'));
    writeFileSync(
      join(content, 'lessons', '01-colors.md'),
      [
        '---',
        'key: colors',
        'name: Colors',
        'topic: Colors',
        'order: 1',
        'difficulty: beginner',
        'steps:',
        '  - type: vocabulary',
        '    components:',
        '      - { lebanese: "bababa", english: "Colors 1" }',
        '      - { lebanese: "badeba", english: "Colors 2" }',
        '---',
        'Colors.',
        '',
      ].join('\n'),
    );
    drop('lessons/colors/1-2.mp3', silentMp3(0.5));
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
  });
  afterAll(() => {
    t.close();
    rmSync(content, { recursive: true, force: true });
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.handle(new Request(`http://localhost:3000${path}`, { headers }));
  const hash = () => (t.db.$client.query("select hash from recorded_audio where key = 'colors/colors-1'").get() as { hash: string }).hash;

  test('/api/tts answers the recorded clip, in either voice, without asking any voice', async () => {
    const before = fake.requests.length;
    for (const text of ['bababa', 'BABABA', 'بباب']) {
      const res = await get(`/api/tts?text=${encodeURIComponent(text)}&voice=female`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/ogg');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(ogg);
    }
    expect(fake.requests.length).toBe(before);
    // A word with no clip is still spoken by a voice.
    const other = await get('/api/tts?text=bafiba');
    expect(other.headers.get('content-type')).toBe('audio/mpeg');
    expect(fake.requests.length).toBe(before + 1);
  });

  test('/api/audio serves it for good at its versioned address, in byte ranges, and revalidates elsewhere', async () => {
    const whole = await get(`/api/audio/words/colors/colors-1?v=${hash()}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(ogg);

    const part = await get(`/api/audio/words/colors/colors-1?v=${hash()}`, { range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${ogg.byteLength}`);
    expect(await part.text()).toBe('OggS');
    const tail = await get('/api/audio/words/colors/colors-1', { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(ogg.slice(-10));
    expect(tail.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/api/audio/words/colors/colors-1', { range: `bytes=${ogg.byteLength}-` })).status).toBe(416);
    expect((await get('/api/audio/words/colors/colors-1', { 'if-none-match': `"${hash()}"` })).status).toBe(304);

    const ranged = await get(`/api/tts?text=bababa`, { range: 'bytes=4-7' });
    expect(ranged.status).toBe(206);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(ogg.slice(4, 8));

    expect((await get('/api/audio/words/colors/colors-2')).status).toBe(404);
    expect((await get('/api/audio/pictures/colors-1')).status).toBe(400);
  });

  test("a premium word's clip is played only to a learner who may read the word: 401 signed out, 402 after the trial, kept by the learner's browser alone", async () => {
    const path = '/api/audio/words/animals/animals-1';
    const version = (t.db.$client.query("select hash from recorded_audio where key = 'animals/animals-1'").get() as { hash: string }).hash;
    expect((await t.request('GET', path)).status).toBe(401);
    const { cookie } = await t.signUp();
    const inTrial = await t.request('GET', `${path}?v=${version}`, { cookie });
    expect(inTrial.status).toBe(200);
    expect(inTrial.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    t.clock.advance(8 * DAY_MS);
    const expired = await t.request('GET', path, { cookie });
    expect({ status: expired.status, error: expired.error?.error }).toEqual({ status: 402, error: 'trial_expired' });
  });

  test("a lesson component's clip fills its audioUrl, at the clip's versioned address", async () => {
    const lesson = t.db.$client.query("select id from lessons where key = 'colors'").get() as { id: number };
    const [step] = t.services.lessons.steps(lesson.id);
    const version = (t.db.$client.query("select hash from recorded_audio where kind = 'lessons'").get() as { hash: string }).hash;
    expect(step.content.components).toEqual([
      { lebanese: 'bababa', english: 'Colors 1' },
      { lebanese: 'badeba', english: 'Colors 2', audioUrl: `/api/audio/lessons/colors/1-2?v=${version}` },
    ]);
    const res = await get(step.content.components![1].audioUrl!);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
  });

  test('a clip removed from content/audio is gone after the next import', async () => {
    rmSync(join(content, 'audio'), { recursive: true, force: true });
    const result = runImport(t.db, content, contentPlugins);
    expect(result.counts.find((c) => c.kind === 'audio')!.counts).toEqual({ added: 0, updated: 0, unchanged: 0, removed: 3 });
    expect((await get('/api/tts?text=bababa')).headers.get('content-type')).toBe('audio/mpeg');
  });
});
