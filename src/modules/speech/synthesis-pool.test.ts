import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { writeTestContent } from '../../../tests/support/vocabulary';
import type { AppContext } from '../../lib/context';
import { openDatabase } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createLogger, type Logger } from '../../lib/log';
import { shutdown } from '../../lib/shutdown';
import { createSpeechService, type SpeechOptions } from './service';
import { createSynthesisPool, type SynthesisPool } from './synthesis-pool';

/**
 * The local voice off the server's thread (docs/decisions/0066-speech-off-the-servers-thread.md): a
 * crowd asking for new clips holds neither /healthz nor the answers, a full queue says when to come
 * back, one clip is made once however many ask for it, one client makes only so many, and a replica
 * keeps its clips without writing to its database.
 */
const content = writeTestContent();
const NO_SYSTEM_ESPEAK = { ESPEAK_PATH: '/nonexistent/espeak-ng' };
const log = createLogger('silent');
afterAll(() => rmSync(content, { recursive: true, force: true }));

let t: TestApp;
const pools: SynthesisPool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.stop();
  t?.close();
});

/** Free words of the test content, each a clip no one has asked for yet. */
const freeWords = (count: number) =>
  (
    t.db.$client
      .query(
        'select lebanese from words join topics on topics.id = words.topic_id where not topics.is_premium and not words.is_conjugation order by words.id limit ?',
      )
      .all(count) as { lebanese: string }[]
  ).map((row) => row.lebanese);

/** A pool of the real workers that counts the clips it is asked for. */
function countingPool(options: { workers?: number; queued?: number } = {}) {
  const pool = createSynthesisPool({ espeakPath: NO_SYSTEM_ESPEAK.ESPEAK_PATH, log, ...options });
  pools.push(pool);
  const counted = { ...pool, asked: 0 };
  counted.synthesize = (...args) => {
    counted.asked++;
    return pool.synthesize(...args);
  };
  return counted;
}

/** The speech service on the test app's sources, with a pool and limits of the test's own. */
function speechOn(app: TestApp, opts: SpeechOptions, ctx: Partial<AppContext> = {}) {
  const { vocabulary, sentences, dialogues, grammar, billing } = app.services;
  return createSpeechService({ ...app.app.ctx, log, ...ctx }, [vocabulary, sentences, dialogues, grammar], billing, opts);
}
const listener = (client: string) => ({ user: null, client });
const statusOf = (clip: Promise<unknown>) =>
  clip.then(
    () => 200,
    (error: AppError) => error.status,
  );

describe('clips made beside the server', () => {
  test('while a crowd waits for new clips, /healthz answers again and again before they are done', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    t.app.listen({ port: 0, hostname: '127.0.0.1' });
    const base = `http://127.0.0.1:${t.app.server!.port}`;
    const texts = freeWords(8);
    let settled = 0;
    const clips = texts.map((text) =>
      fetch(`${base}/api/tts?text=${encodeURIComponent(text)}`).then(async (res) => {
        await res.arrayBuffer();
        settled++;
        return res.status;
      }),
    );
    // On the server's thread each clip held every request behind it: two health checks per clip could not all pass before the last clip.
    for (let i = 0; i < 2 * texts.length; i++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(settled).toBeLessThan(texts.length);
    // Each clip is then made, or refused as the load's (503) if it waited past its deadline: never a failure of the server.
    for (const status of await Promise.all(clips)) expect([200, 503]).toContain(status);
    await t.app.stop();
  }, 60_000);

  test('a full queue refuses at once with a 503 of the catalogue and Retry-After; the clips it took are made', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const pool = countingPool({ workers: 1, queued: 1 });
    const speech = speechOn(t, { pool });
    const texts = freeWords(4);
    const asked = texts.map((text) => speech.speak(text, undefined, 'normal', listener(text)));
    const refusals = await Promise.all(asked.slice(2).map((clip) => clip.catch((error: AppError) => error)));
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ status: 503, code: 'Service Unavailable', message: 'Service unavailable. Please try again later.' });
      expect(Number((refusal as AppError).headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    }
    // One made at once and one queued: both played.
    expect(await Promise.all(asked.slice(0, 2).map(statusOf))).toEqual([200, 200]);
    expect(pool.asked).toBe(4);
    // With room again, a refused text is made.
    expect(await statusOf(speech.speak(texts[3]!, undefined, 'normal', listener('later')))).toBe(200);
  }, 60_000);

  test('a clip past its deadline is refused with Retry-After, as a refusal of the load', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const pool = createSynthesisPool({ espeakPath: NO_SYSTEM_ESPEAK.ESPEAK_PATH, log, workers: 1, queued: 4, deadlineMs: 1 });
    pools.push(pool);
    const late = await pool.synthesize('[[ba]]', 'male').catch((error: AppError) => error);
    expect(late).toMatchObject({ status: 503 });
    expect((late as AppError).headers?.['Retry-After']).toBeDefined();
  }, 60_000);

  test('the server stopping stops the workers: a clip being made fails at once', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const pool = createSynthesisPool({ espeakPath: NO_SYSTEM_ESPEAK.ESPEAK_PATH, log, workers: 1 });
    pools.push(pool);
    expect((await pool.synthesize('[[ba]]', 'male')).byteLength).toBeGreaterThan(44);
    const cut = pool.synthesize('[[marhaba]]', 'male').catch((error: Error) => error.message);
    const queued = pool.synthesize('[[kifak]]', 'male').catch((error: Error) => error.message);
    await shutdown();
    expect(await Promise.all([cut, queued])).toEqual(['the server is stopping', 'the server is stopping']);
  }, 60_000);

  test('identical requests in flight share one clip; another voice is another clip', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const pool = countingPool();
    const speech = speechOn(t, { pool });
    const [text] = freeWords(1);
    const clips = await Promise.all(Array.from({ length: 6 }, (_, i) => speech.speak(text!, 'female', 'normal', listener(`client ${i}`))));
    expect(pool.asked).toBe(1);
    for (const clip of clips) expect(clip.audio).toEqual(clips[0]!.audio);
    await speech.speak(text!, 'male', 'normal', listener('client 0'));
    expect(pool.asked).toBe(2);
  }, 60_000);

  test('a client making new clips past its limit gets 429 with Retry-After; clips already made still play, and other clients still make theirs', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const pool = countingPool();
    const speech = speechOn(t, { pool, newClipsPerClient: { limit: 2, windowMs: 60_000 } });
    const [first, second, third] = freeWords(3);
    await speech.speak(first!, undefined, 'normal', listener('address 203.0.113.5'));
    await speech.speak(second!, undefined, 'normal', listener('address 203.0.113.5'));
    const refused = await speech.speak(third!, undefined, 'normal', listener('address 203.0.113.5')).catch((error: AppError) => error);
    expect(refused).toMatchObject({ status: 429, code: 'Too Many Requests', message: 'Too many requests. Please try again later.' });
    expect(Number((refused as AppError).headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(pool.asked).toBe(2);
    expect(await statusOf(speech.speak(first!, undefined, 'normal', listener('address 203.0.113.5')))).toBe(200);
    expect(await statusOf(speech.speak(third!, undefined, 'normal', listener('address 198.51.100.7')))).toBe(200);
    // The limit's window passes: the first client may make new clips again.
    t.clock.advance(60_000);
    expect(await statusOf(speech.speak(third!, 'female', 'normal', listener('address 203.0.113.5')))).toBe(200);
  }, 60_000);
});

describe('a replica, whose database is read-only', () => {
  test('keeps its clips in memory: a text is made once, the database untouched, nothing logged', async () => {
    t = createTestApp({ content, env: NO_SYSTEM_ESPEAK });
    const mount = mkdtempSync(join(tmpdir(), 'kalimat-replica-mount-'));
    writeFileSync(join(mount, '.primary'), 'primary-machine\n');
    const readOnly = openDatabase(t.config.DATABASE_PATH);
    readOnly.$client.exec('PRAGMA query_only = 1');
    const warnings: string[] = [];
    const watching: Logger = { ...log, warn: (msg) => warnings.push(msg), error: (msg) => warnings.push(msg) };
    try {
      const pool = countingPool();
      const speech = speechOn(
        t,
        { pool },
        { db: readOnly, config: { ...t.config, LITEFS_DIR: mount, ESPEAK_PATH: undefined }, log: watching },
      );
      const [text] = freeWords(1);
      const first = await speech.speak(text!, undefined, 'normal', listener('a'));
      const again = await speech.speak(text!, undefined, 'normal', listener('b'));
      expect(first.contentType).toBe('audio/wav');
      expect(again.audio).toEqual(first.audio);
      expect(pool.asked).toBe(1);
      expect(t.db.$client.query('select count(*) as n from speech_cache').get()).toEqual({ n: 0 });
      expect(warnings).toEqual([]);
    } finally {
      readOnly.$client.close();
      rmSync(mount, { recursive: true, force: true });
    }
  }, 60_000);
});
