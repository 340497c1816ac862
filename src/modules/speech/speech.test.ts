import { afterAll, afterEach, beforeAll, describe, expect, jest, setDefaultTimeout, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { startFakeOpenAI } from '../../../tests/fakes/openai';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { DAY_MS } from '../../lib/clock';
import { createLogger } from '../../lib/log';
import type { AppContext } from '../../lib/context';
import { writeTestContent } from '../../../tests/support/vocabulary';
import { silentMp3 } from '../../../tests/support/audio';
import { median, pitchContour } from '../../../tests/support/pitch';
import type { SpeakableSource } from '../../content/speakable';
import { createSpeechService } from './service';
import type { SynthesisPool } from './synthesis-pool';

// Tests here synthesise with the voice's WebAssembly build, which a loaded machine takes seconds to start.
setDefaultTimeout(30_000);

const content = writeTestContent();
const fake = startFakeOpenAI();
afterAll(() => {
  fake.close();
  rmSync(content, { recursive: true, force: true });
});

let t: TestApp;
afterEach(() => t?.close());

const tts = (text: string, voice?: 'female' | 'male') => t.server.api.tts.get({ query: { text, voice } });
/** No system espeak-ng: the path names none, so the built-in (WebAssembly) voice speaks. */
const NO_SYSTEM_ESPEAK = { ESPEAK_PATH: '/nonexistent/espeak-ng' };
const withOpenAI = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ...NO_SYSTEM_ESPEAK };
const cachedProviders = () =>
  (t.db.$client.query('select provider from speech_cache order by provider').all() as { provider: string }[]).map((r) => r.provider);

describe('speech with OpenAI configured', () => {
  beforeAll(() => fake.failWith(null));

  test('speaks the Arabic of a content word, once, then from the cache', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const before = fake.requests.length;
    const first = await tts('katab');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.headers.get('x-request-id')).toBeTruthy();
    expect(first.text).toContain('كتب');
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/audio/speech');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini-tts', voice: 'alloy', input: 'كتب' });
    // The Arabic script is read in Lebanese, as its arabizi spells it, with the local voice's rules.
    expect(sent.body.instructions).toContain('Lebanese Arabic with a natural Lebanese accent, not Modern Standard Arabic');
    expect(sent.body.instructions).toContain('Pronounce the text exactly as this Lebanese arabizi spelling reads: "katab".');
    expect(sent.body.instructions).toContain('j is the soft Lebanese ج of "measure"');

    // The same text again, and its Arabic spelling: one synthesis in all.
    expect((await tts('KATAB')).text).toContain('كتب');
    expect((await tts('كتب')).status).toBe(200);
    expect(fake.requests.length - before).toBe(1);
  });

  test('voice=female asks for the female voice, a clip of its own; voice=male is the default voice', async () => {
    t = createTestApp({ content, env: { ...withOpenAI, OPENAI_TTS_VOICE_FEMALE: 'shimmer' } });
    expect((await tts('katab', 'female')).status).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ voice: 'shimmer' });
    expect((await tts('katab', 'male')).status).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ voice: 'alloy' });
    expect(cachedProviders()).toEqual(['openai:gpt-4o-mini-tts:alloy:lebanese-3', 'openai:gpt-4o-mini-tts:shimmer:lebanese-3']);
    const bad = await t.request('GET', '/api/tts?text=katab&voice=child');
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("voice must be 'male', 'female', 'male-2' or 'female-2'.");
  });

  test('the second voice of each gender is another OpenAI voice, and the slower speed is asked for, each a clip of its own', async () => {
    t = createTestApp({ content, env: withOpenAI });
    expect((await t.request('GET', '/api/tts?text=katab&voice=male-2')).status).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ voice: 'onyx' });
    expect((await t.request('GET', '/api/tts?text=katab&voice=female-2')).status).toBe(200);
    expect(fake.requests.at(-1)!.body).toMatchObject({ voice: 'coral' });
    expect((await t.request('GET', '/api/tts?text=katab&speed=slow')).status).toBe(200);
    const slow = fake.requests.at(-1)!.body;
    expect(slow).toMatchObject({ voice: 'alloy', speed: 0.7 });
    expect(slow.instructions).toContain('Speak much more slowly than usual');
    expect((await t.request('GET', '/api/tts?text=katab&speed=normal')).status).toBe(200);
    expect(fake.requests.at(-1)!.body.speed).toBeUndefined();
    expect(cachedProviders()).toEqual([
      'openai:gpt-4o-mini-tts:alloy:lebanese-3',
      'openai:gpt-4o-mini-tts:alloy:slow:lebanese-3',
      'openai:gpt-4o-mini-tts:coral:lebanese-3',
      'openai:gpt-4o-mini-tts:onyx:lebanese-3',
    ]);
    const bad = await t.request('GET', '/api/tts?text=katab&speed=fast');
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("speed must be 'normal' or 'slow'.");
  });

  test('requests arriving together share one synthesis', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const before = fake.requests.length;
    const all = await Promise.all(Array.from({ length: 5 }, () => tts('bababa')));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(fake.requests.length - before).toBe(1);
  });

  test('only content text is spoken, at most 200 characters', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const before = fake.requests.length;
    const unknown = await tts('please read my free text');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('There is no audio for this text: only words and sentences of the course can be spoken.');
    expect((await t.server.api.tts.get()).status).toBe(400);
    expect((await tts('   ')).status).toBe(400);
    const long = await tts('a'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe('The text to speak must be at most 200 characters.');
    expect(fake.requests.length).toBe(before);
  });

  test('a database that cannot store the clip (a LiteFS replica) still plays it', async () => {
    t = createTestApp({ content, env: withOpenAI });
    t.db.$client.run(
      "create trigger read_only before insert on speech_cache begin select raise(abort, 'attempt to write a readonly database'); end",
    );
    const res = await tts('katab');
    expect(res.status).toBe(200);
    expect(res.text).toContain('كتب');
  });

  test('OpenAI failing: the built-in voice answers, with no system espeak-ng', async () => {
    t = createTestApp({ content, env: withOpenAI });
    fake.failWith(500);
    try {
      const res = await tts('katab');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
    } finally {
      fake.failWith(null);
    }
  });

  test('OpenAI answering 200 with an HTML page: neither served nor cached; the local voice answers, and OpenAI serves again once it recovers', async () => {
    t = createTestApp({ content, env: withOpenAI });
    fake.speechAnswersHtml(true);
    try {
      const res = await tts('katab');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('audio/wav');
      expect(res.text).not.toContain('<!doctype html>');
      expect(cachedProviders()).toEqual(['espeak-ng-wasm:male:lebanese-3']);
    } finally {
      fake.speechAnswersHtml(false);
    }
    const recovered = await tts('katab');
    expect(recovered.headers.get('content-type')).toBe('audio/mpeg');
    expect(recovered.text).toContain('كتب');
  });
});

describe('speech without OpenAI', () => {
  test('the built-in voice speaks Arabic as a WAV with true sizes, cached, with no system espeak-ng', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
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
    expect(rows).toEqual([{ provider: 'espeak-ng-wasm:male:lebanese-3', text: 'كتب' }]);
  });

  test('the female voice is another clip', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const male = await tts('katab', 'male');
    const female = await tts('katab', 'female');
    expect([male.status, female.status]).toEqual([200, 200]);
    expect(female.text).not.toBe(male.text);
    expect(cachedProviders()).toEqual(['espeak-ng-wasm:female:lebanese-3', 'espeak-ng-wasm:male:lebanese-3']);
  });

  test('the second voice of each gender is pitched apart from the first (higher for a man, lower for a woman), and the slower speed is longer, each cached apart', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const clip = async (query: string) => {
      const res = await t.app.handle(new Request(`http://localhost:3000/api/tts?text=katab&${query}`));
      expect({ query, status: res.status }).toEqual({ query, status: 200 });
      return new Uint8Array(await res.arrayBuffer());
    };
    const pitch = async (voice: string) => median(pitchContour(await clip(`voice=${voice}`)));
    // 1.1 is more than one and a half semitones: heard as another speaker with the variant's other timbre.
    expect(await pitch('male-2')).toBeGreaterThan((await pitch('male')) * 1.1);
    expect(await pitch('female-2')).toBeLessThan((await pitch('female')) / 1.1);
    const normal = await clip('voice=male');
    const slow = await clip('voice=male&speed=slow');
    expect(slow.byteLength).toBeGreaterThan(normal.byteLength * 1.25);
    expect(cachedProviders()).toEqual([
      'espeak-ng-wasm:female-2:lebanese-3',
      'espeak-ng-wasm:female:lebanese-3',
      'espeak-ng-wasm:male-2:lebanese-3',
      'espeak-ng-wasm:male:lebanese-3',
      'espeak-ng-wasm:male:slow:lebanese-3',
    ]);
  });
});

describe('premium text (docs/product-rules.md#tiers)', () => {
  /** Words of the test content (tests/support/vocabulary.ts): a word of Animals (premium), of Colors (free), and "to write" in the past (premium) and the present (free). */
  const wordOf = (english: string) =>
    t.db.$client.query('select lebanese, arabic_script as arabic from words where english = ?').get(english) as {
      lebanese: string;
      arabic: string;
    };
  const ask = (text: string, cookie?: string) => t.request('GET', `/api/tts?text=${encodeURIComponent(text)}`, { cookie });

  test('is said only to a learner with a trial or subscription: 401 signed out, 402 trial_expired after the trial; free text to anyone', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const animal = wordOf('Animals 1');
    const pastTense = wordOf('ana writes (past)');
    const { cookie } = await t.signUp();
    for (const text of [animal.lebanese, animal.arabic, pastTense.lebanese]) {
      const signedOut = await ask(text);
      expect({ text, status: signedOut.status, error: signedOut.error?.error }).toEqual({ text, status: 401, error: 'Unauthorized' });
      expect(signedOut.headers.get('content-type')).toStartWith('application/json');
    }
    // In the trial: said, and kept by this learner's browser only.
    const inTrial = await ask(animal.lebanese, cookie);
    expect(inTrial.status).toBe(200);
    expect(inTrial.headers.get('content-type')).toBe('audio/wav');
    expect(inTrial.headers.get('cache-control')).toBe('private, max-age=604800');

    t.clock.advance(8 * DAY_MS);
    const expired = await ask(animal.lebanese, cookie);
    expect(expired.status).toBe(402);
    expect(expired.error).toMatchObject({
      error: 'trial_expired',
      message: 'Your 7-day trial period has ended. Please subscribe to continue.',
    });
    // Made and cached in the trial, it is still refused.
    expect((await ask(animal.arabic, cookie)).status).toBe(402);

    // Free text (a free topic's word, a verb's present tense) is said to anyone, and may be cached by anyone.
    for (const text of [wordOf('Colors 1').lebanese, wordOf('ana writes (present)').lebanese]) {
      const free = await ask(text);
      expect({ text, status: free.status, cache: free.headers.get('cache-control') }).toEqual({
        text,
        status: 200,
        cache: 'public, max-age=604800',
      });
      expect((await ask(text, cookie)).status).toBe(200);
    }
  }, 60_000);

  test('a line of a premium dialogue is refused signed out; the same words in a free dialogue are not', async () => {
    t = createTestApp({ env: NO_SYSTEM_ESPEAK });
    // At the doctor's (content/dialogues/07-doctor.yaml) is premium; the café (01-cafe.yaml) is free.
    expect((await ask('Batne 3am yewja3ne men yomein.')).status).toBe(401);
    expect((await ask('بطني عم يوجعني من يومين.')).status).toBe(401);
    expect((await ask('Tfaddal. Yeslamo ideik!')).status).toBe(200);
  }, 60_000);
});

describe('the voice the content gives', () => {
  test("a dialogue's line and a conversation partner's are said in their speaker's voice when none is asked for", async () => {
    t = createTestApp({ env: NO_SYSTEM_ESPEAK });
    // The café (content/dialogues/01-cafe.yaml): Rami is a man, Lara a woman; Nadine (content/conversations/02-introductions.yaml) a woman.
    for (const text of [
      'Ahla w sahla! Tfaddale, shu baddik teshrabe?',
      '3arabiyye. W fi shi zaki ma3a?',
      'Mar7aba! Ana Nadine. Kif el 7al?',
    ])
      expect({ text, status: (await tts(text)).status }).toEqual({ text, status: 200 });
    expect(cachedProviders()).toEqual([
      'espeak-ng-wasm:female:lebanese-3',
      'espeak-ng-wasm:female:lebanese-3',
      'espeak-ng-wasm:male:lebanese-3',
    ]);
  }, 60_000);
});

/** The speech service on a test app's database, with the OpenAI deadline a test chooses (or the real one). */
function speechWithDeadline(app: TestApp, openAiDeadlineMs?: number) {
  const ctx: AppContext = { ...app.app.ctx, log: createLogger('silent') };
  return createSpeechService(
    ctx,
    [{ speakableFor: (text) => (text === 'katab' ? { arabic: 'كتب', arabizi: 'katab', premium: false } : null) }],
    app.services.billing,
    { openAiDeadlineMs },
  );
}
const outcome = (clip: Promise<{ contentType: string }>) =>
  clip.then(
    (c) => c.contentType,
    (error: { status?: number }) => error.status,
  );

describe('speech when OpenAI sends its headers and then stalls the body', () => {
  afterEach(() => fake.stallSpeech(false));

  test('the call ends at its deadline, the local voice answers, and the next request tries OpenAI again instead of joining it', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const speech = speechWithDeadline(t, 300);
    fake.stallSpeech(true);
    const before = fake.requests.length;
    expect(await Promise.all([outcome(speech.speak('katab')), outcome(speech.speak('katab'))])).toEqual(['audio/wav', 'audio/wav']);
    expect(fake.requests.length - before).toBe(1);
    fake.stallSpeech(false);
    // The local voice's clip is cached under its own name: OpenAI, first in line, is asked again.
    expect(await outcome(speech.speak('katab'))).toBe('audio/mpeg');
    expect(fake.requests.length - before).toBe(2);
  });

  test('the real deadline is 8 seconds: a service hanging past it is left for the local voice', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const speech = speechWithDeadline(t);
    fake.stallSpeech(true);
    const arrived = fake.nextSpeechRequest();
    jest.useFakeTimers();
    try {
      const clip = outcome(speech.speak('katab'));
      await arrived;
      jest.advanceTimersByTime(8_000);
      expect(await clip).toBe('audio/wav');
    } finally {
      jest.useRealTimers();
    }
  });
});

/** A local voice that answers at once with what `answer` gives, counting how often it is asked. */
function localVoiceAnswering(answer: () => Uint8Array) {
  const voice = {
    asked: 0,
    pool: {
      synthesize: async () => {
        voice.asked++;
        return answer();
      },
      stop() {},
    } as unknown as SynthesisPool,
  };
  return voice;
}
const speechOf = (app: TestApp, sources: SpeakableSource[], pool?: SynthesisPool) =>
  createSpeechService({ ...app.app.ctx, log: createLogger('silent') }, sources, app.services.billing, { pool });
const source = (texts: Record<string, string>): SpeakableSource => ({
  speakableFor: (text) => (texts[text] ? { arabic: texts[text]!, arabizi: text, premium: false } : null),
});

describe('what a voice answers (docs/decisions/0028-a-voice-on-every-machine.md)', () => {
  afterEach(() => {
    fake.failWith(null);
    fake.stallSpeech(false);
  });

  test('a clip that does not begin with an audio header is neither served nor kept, whatever voice made it', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const voice = localVoiceAnswering(() => new TextEncoder().encode('<!doctype html><p>Service status</p>'));
    const speech = speechOf(t, [source({ katab: 'كتب' })], voice.pool);
    expect(await outcome(speech.speak('katab'))).toBe(503);
    expect(voice.asked).toBe(1);
    expect(cachedProviders()).toEqual([]);
  });

  test('when no voice answers, a clip of the text another voice made earlier is served', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const voice = localVoiceAnswering(() => {
      throw new Error('the local voice is down');
    });
    const speech = speechOf(t, [source({ katab: 'كتب' })], voice.pool);
    expect(await outcome(speech.speak('katab'))).toBe('audio/mpeg');
    fake.failWith(500);
    expect(await outcome(speech.speak('katab', 'female'))).toBe('audio/mpeg');
    expect(voice.asked).toBe(1);
  });

  // كتب is katab (he wrote) and kotob (books): one Arabic spelling, two words said differently.
  test('the same Arabic written as two Lebanese words is two clips, each said as its arabizi reads', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const speech = speechOf(t, [source({ katab: 'كتب', kotob: 'كتب' })]);
    const before = fake.requests.length;
    expect(await outcome(speech.speak('katab'))).toBe('audio/mpeg');
    expect(await outcome(speech.speak('kotob'))).toBe('audio/mpeg');
    const said = fake.requests.slice(before).map((r) => String(r.body.instructions).match(/spelling reads: "(\w+)"/)?.[1]);
    expect(said).toEqual(['katab', 'kotob']);
  });

  test('OpenAI is given 8 seconds, no less, before the local voice is asked', async () => {
    t = createTestApp({ content, env: withOpenAI });
    const voice = localVoiceAnswering(() => silentMp3(0.05));
    const speech = speechOf(t, [source({ katab: 'كتب' })], voice.pool);
    fake.stallSpeech(true);
    const arrived = fake.nextSpeechRequest();
    // What follows a deadline (its rejection, the next voice) is promises only: a few turns let it run.
    const settle = async () => {
      for (let i = 0; i < 100; i++) await Promise.resolve();
    };
    jest.useFakeTimers();
    try {
      const clip = outcome(speech.speak('katab'));
      await arrived;
      jest.advanceTimersByTime(7_999);
      await settle();
      expect(voice.asked).toBe(0);
      jest.advanceTimersByTime(1);
      await settle();
      expect(voice.asked).toBe(1);
      expect(await clip).toBe('audio/mpeg');
    } finally {
      jest.useRealTimers();
    }
  });
});
