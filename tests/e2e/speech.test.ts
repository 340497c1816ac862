import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/log';
import { espeakInput } from '../../src/modules/speech/lebanese-phonemes';
import { localVoice } from '../../src/modules/speech/local-voice';
import { registerInBrowser, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  // No system espeak-ng, as on a newcomer's machine: the server speaks with the voice npm installed.
  app = await startApp({ env: { ESPEAK_PATH: '/nonexistent/espeak-ng' } });
});
afterAll(async () => {
  await app?.stop();
});

const builtIn = localVoice(undefined, createLogger('silent'));
/** A clip's samples without its WAV header. */
const samples = (wav: Uint8Array) => Buffer.from(wav.subarray(44)).toString('base64');

describe('the Lebanese voice in the browser', () => {
  test("Listen on a card asks for the card's arabizi and plays it in the built-in Lebanese voice, not the Standard reading of its Arabic", async () => {
    const { page, context } = await app.newPage();
    await page.goto('/landing');
    const deck = page.getByRole('region', { name: /Try it now: 10 words/ });
    await deck.waitFor();
    const arabizi = ((await deck.locator('.flash-card-lebanese').textContent()) ?? '').trim();
    const arabic = ((await deck.locator('.flash-card-arabic').textContent()) ?? '').trim();
    expect(arabizi).not.toBe('');

    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/tts')), deck.getByRole('button', { name: /^Listen to/ }).click()]);
    expect(new URL(response.url()).searchParams.get('text')).toBe(arabizi);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');

    // The clip the card played (Chromium keeps no body for media it hands to an audio element; the
    // server's cache gives the same clip again).
    const played = new Uint8Array(await (await page.request.get(response.url())).body());
    const lebanese = await builtIn.synthesize(espeakInput(arabizi, arabic), 'male');
    const standard = await builtIn.synthesize(arabic, 'male');
    expect(samples(played)).toBe(samples(lebanese));
    // The landing deck is dealt at random, and for some words espeak-ng's Standard
    // reading of the Arabic sounds exactly like the Lebanese one: only where they differ can it show which.
    if (samples(lebanese) !== samples(standard)) expect(samples(played)).not.toBe(samples(standard));
    await context.close();
  });

  test("a lesson's word that is premium in the word lists: after the trial the server keeps its clip, and the browser's own voice reads it, with no error", async () => {
    const { page, context } = await app.newPage();
    // The browser's voice, noted instead of heard (Chromium here has no voices).
    await page.addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { spoken });
      speechSynthesis.speak = (utterance) => {
        spoken.push(utterance.text);
        setTimeout(() => utterance.onend?.(new SpeechSynthesisEvent('end', { utterance })), 0);
      };
    });
    const learner = await registerInBrowser(page);
    const db = new Database(join(app.dir, 'app.db'));
    db.exec('PRAGMA busy_timeout = 5000');
    expect(db.query('UPDATE users SET trial_end_date = ? WHERE email = ?').run(Date.now() - 60_000, learner.email).changes).toBe(1);
    // At the bank (content/lessons/22-at-the-bank.md) teaches dolar, a word of a premium topic.
    const lesson = db.query("SELECT id FROM lessons WHERE key = 'at-the-bank'").get() as { id: number };
    db.close();

    await page.goto(`/lesson/${lesson.id}`);
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/tts')), page.getByRole('button', { name: 'Listen to dolar' }).click()]);
    expect(new URL(response.url()).searchParams.get('text')).toBe('dolar');
    expect(response.status()).toBe(402);
    await page.waitForFunction(() => (window as unknown as { spoken: string[] }).spoken.includes('dolar'));
    expect(await page.getByText('Failed to load audio. Please try again.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/lesson/${lesson.id}`);
    await context.close();
  });
});
