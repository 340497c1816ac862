import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { startFakeOpenAI } from '../../../tests/fakes/openai';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createLogger } from '../../lib/log';
import type { AppContext } from '../../lib/context';
import { writeTestContent } from './test-content';
import { createSpeechService } from './speech';
import { espeakInput, wordPhonemes } from './lebanese-phonemes';

const content = writeTestContent();
const fake = startFakeOpenAI();
afterAll(() => {
  fake.close();
  rmSync(content, { recursive: true, force: true });
});

let t: TestApp;
afterEach(() => t?.close());

const tts = (text: string) => t.request('GET', `/api/tts?text=${encodeURIComponent(text)}`);
const espeakInstalled = Bun.which('espeak-ng') !== null;

describe('speech with OpenAI configured', () => {
  beforeAll(() => fake.failWith(null));

  test('speaks the Arabic of a content word, once, then from the cache', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    const before = fake.requests.length;
    const first = await tts('katab');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(first.text).toBe('ID3كتب');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/speech');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'alloy', input: 'كتب' });
    // The Arabic script is read in Lebanese, as its arabizi spells it.
    expect(sent.body.instructions).toContain('Lebanese Arabic with a natural Lebanese accent, not Modern Standard Arabic');
    expect(sent.body.instructions).toContain('Pronounce the text exactly as this Lebanese arabizi spelling reads: "katab".');

    // The same text again, and its Arabic spelling: one synthesis in all.
    expect((await tts('KATAB')).text).toBe('ID3كتب');
    expect((await tts('كتب')).status).toBe(200);
    expect(fake.requests.length - before).toBe(1);
  });

  test('requests arriving together share one synthesis', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    const before = fake.requests.length;
    const all = await Promise.all(Array.from({ length: 5 }, () => tts('bababa')));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(fake.requests.length - before).toBe(1);
  });

  test('only content text is spoken, at most 200 characters', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    const before = fake.requests.length;
    const unknown = await tts('please read my free text');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('There is no audio for this text: only words and sentences of the course can be spoken.');
    expect((await t.request('GET', '/api/tts')).status).toBe(400);
    expect((await tts('   ')).status).toBe(400);
    const long = await tts('a'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.json.message).toBe('The text to speak must be at most 200 characters.');
    expect(fake.requests.length).toBe(before);
  });

  test('a database that cannot store the clip (a LiteFS replica) still plays it', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    t.db.$client.run("create trigger read_only before insert on speech_cache begin select raise(abort, 'attempt to write a readonly database'); end");
    const res = await tts('katab');
    expect(res.status).toBe(200);
    expect(res.text).toBe('ID3كتب');
  });

  test('OpenAI failing with no other voice answers 503', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    fake.failWith(500);
    try {
      const res = await tts('katab');
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ error: 'Service Unavailable', message: 'Speech is not available right now. Please try again later.' });
    } finally {
      fake.failWith(null);
    }
  });

  test.skipIf(!espeakInstalled)('OpenAI failing falls back to espeak-ng', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } });
    fake.failWith(500);
    try {
      const res = await tts('katab');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
    } finally {
      fake.failWith(null);
    }
  });
});

describe('speech without OpenAI', () => {
  test('no espeak-ng either: a clear 503', async () => {
    t = createTestApp({ content, env: { ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    const res = await tts('katab');
    expect(res.status).toBe(503);
    expect(res.json.message).toBe('Speech is not available on this server. Your browser will read the word instead.');
  });

  test.skipIf(!espeakInstalled)('espeak-ng speaks Arabic as a WAV with true sizes, cached', async () => {
    t = createTestApp({ content });
    const res = await t.app.handle(new Request(`http://localhost:3000/api/tts?text=${encodeURIComponent('katab')}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = new Uint8Array(await res.arrayBuffer());
    const view = new DataView(wav.buffer);
    expect(String.fromCharCode(...wav.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(String.fromCharCode(...wav.subarray(36, 40))).toBe('data');
    expect(view.getUint32(40, true)).toBe(wav.byteLength - 44);
    const rows = t.db.$client.query('select provider, text from speech_cache').all();
    expect(rows).toEqual([{ provider: 'espeak-ng:ar:lebanese', text: 'كتب' }]);
  });
});

/** The speech service on a test app's database, with the OpenAI deadline a test chooses. */
function speechWithDeadline(app: TestApp, openAiDeadlineMs: number) {
  const ctx = { config: app.config, db: app.db, log: createLogger('silent') } as AppContext;
  return createSpeechService(ctx, [(text) => (text === 'katab' ? { arabic: 'كتب', arabizi: 'katab' } : null)], { openAiDeadlineMs });
}
const outcome = (clip: Promise<{ contentType: string }>) => clip.then((c) => c.contentType, (error: { status?: number }) => error.status);

describe('speech when OpenAI sends its headers and then stalls the body', () => {
  afterEach(() => fake.stallSpeech(false));

  test('the call ends at its deadline with a 503, and the next request tries again instead of joining it', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
    const speech = speechWithDeadline(t, 300);
    fake.stallSpeech(true);
    const before = fake.requests.length;
    expect(await Promise.all([outcome(speech.speak('katab')), outcome(speech.speak('katab'))])).toEqual([503, 503]);
    expect(fake.requests.length - before).toBe(1);
    fake.stallSpeech(false);
    expect(await outcome(speech.speak('katab'))).toBe('audio/mpeg');
    expect(fake.requests.length - before).toBe(2);
  });

  test.skipIf(!espeakInstalled)('the local voice answers instead', async () => {
    t = createTestApp({ content, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } });
    fake.stallSpeech(true);
    expect(await outcome(speechWithDeadline(t, 300).speak('katab'))).toBe('audio/wav');
  });
});

describe('the Lebanese voice of espeak-ng', () => {
  test('arabizi becomes phonemes: 2 a glottal stop, ou and i long (i short before two consonants), ei the long e, the Levantine stress', () => {
    expect(wordPhonemes('ahwe')).toBe("'?ahwe");
    expect(wordPhonemes('2albe')).toBe("'?albe");
    expect(wordPhonemes('shou')).toBe("'Su:");
    expect(wordPhonemes('hayda')).toBe("'hajda");
    expect(wordPhonemes('mar7aba')).toBe("'marHaba");
    expect(wordPhonemes('7abibi')).toBe("Ha'bi:bi");
    expect(wordPhonemes('mabsout')).toBe("mab'su:t");
    expect(wordPhonemes('beit')).toBe("'be:t");
    expect(wordPhonemes('inshallah')).toBe("?in'Sallah");
    expect(wordPhonemes('5er')).toBe("'Xer");
    expect(wordPhonemes('3ayle')).toBe("'Aajle");
    expect(wordPhonemes('8ali')).toBe("'gHali");
    expect(espeakInput('Baddi ahwe, law sama7t!')).toBe("[['baddi '?ahwe _: 'law sa'maHt]]");
    // The article is unstressed, and its l becomes a sun letter: es-sa3a, 3ash-shmel, but el 5er.
    expect(espeakInput('el sa3a 3')).toBe("[[?es 'saAa]] 3");
    expect(espeakInput('3al shmel, saba7 el 5er')).toBe("[[AaS 'Smel _: 'sabaH ?el 'Xer]]");
  });

  /** What espeak-ng's Arabic voice would say for `input`, as phonemes (-x). */
  const phonemesSaid = (input: string) => Bun.spawnSync(['espeak-ng', '-v', 'ar', '-q', '-x', input]).stdout.toString().trim();

  test.skipIf(!espeakInstalled)('says the Lebanese form where the Arabic script would give Modern Standard Arabic', () => {
    const words: [string, string, string, string][] = [
      ['ahwe', 'قهوة', "?'ahwe", "q'ahwa"],
      ['2albe', 'قلبي', "?'albe", "q'albi:j"],
      ['shou', 'شو', "S'u:", "S'u:"],
      ['hayda', 'هيدا', "h'ajda", "h'i:da:"],
    ];
    for (const [arabizi, arabic, lebanese, standard] of words) {
      expect({ arabizi, said: phonemesSaid(espeakInput(arabizi)) }).toEqual({ arabizi, said: lebanese });
      expect({ arabic, said: phonemesSaid(arabic) }).toEqual({ arabic, said: standard });
    }
  });
});
