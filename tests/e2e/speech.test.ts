import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/log';
import { espeakInput } from '../../src/modules/speech/lebanese-phonemes';
import { localVoice } from '../../src/modules/speech/local-voice';
import type { Page } from 'playwright-core';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

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
    await deck.getByRole('button', { name: 'Reveal Now' }).click();
    const arabizi = ((await deck.locator('.flash-card-lebanese').textContent()) ?? '').trim();
    const arabic = ((await deck.locator('.flash-card-arabic').textContent()) ?? '').trim();
    expect(arabizi).not.toBe('');

    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/tts')),
      deck.getByRole('button', { name: /^Listen to/ }).click(),
    ]);
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

  test('a dialogue played through: a question is spoken with its question mark kept, the second man in his own voice, after a pause between the turns', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dialogues' }).click();
    await page.getByRole('link', { name: 'Asking the way' }).click();
    await page.getByRole('heading', { name: 'Asking the way' }).waitFor();
    // From here the page's timers are the test's: the pause between two turns lasts until the test moves the clock on.
    await page.clock.install();
    const lines = page.locator('.dialogue-line');
    const text = async (line: number, part: string) => ((await lines.nth(line).locator(part).textContent()) ?? '').trim();
    const [question, questionArabic] = [await text(0, '.dialogue-arabizi'), await text(0, '.dialogue-arabic')];
    const [answer, answerArabic] = [await text(1, '.dialogue-arabizi'), await text(1, '.dialogue-arabic')];
    expect(question).toEndWith('?');

    const asked: URL[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/tts' && asked.push(new URL(r.url())));
    const audio = page.locator('audio.dialogue-audio');
    const firstEnded = audio.evaluate(
      (a: HTMLAudioElement) => new Promise<void>((resolve) => a.addEventListener('ended', () => resolve(), { once: true })),
    );
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole('button', { name: 'Play the dialogue' }).click();
    await firstEnded;

    // Tom asks: the text asked for keeps its question mark, and the clip played is its question's tune,
    // not the one of the same words said as a statement.
    expect(asked.map((url) => [url.searchParams.get('text'), url.searchParams.get('voice')])).toEqual([[question, 'male']]);
    const played = await clipAt(page, asked[0]!);
    expect(samples(played)).toBe(samples(await builtIn.synthesize(espeakInput(question, questionArabic), 'male')));
    expect(samples(played)).not.toBe(samples(await builtIn.synthesize(espeakInput(question.replace(/\?$/, '.'), questionArabic), 'male')));

    // The next turn waits for the pause: with the page's clock held, Georges has not started.
    await Bun.sleep(1500);
    expect(asked.length).toBe(1);
    expect(await lines.nth(1).getAttribute('aria-current')).toBeNull();
    const georges = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/tts');
    await page.clock.runFor(1500);
    const second = new URL((await georges).url());
    expect([second.searchParams.get('text'), second.searchParams.get('voice')]).toEqual([answer, 'male-2']);
    await page.locator('.dialogue-line[aria-current="true"] .dialogue-speaker', { hasText: 'Georges' }).waitFor();
    // Georges is the second man: his clip is the second male voice, not Tom's.
    const his = await clipAt(page, second);
    expect(samples(his)).toBe(samples(await builtIn.synthesize(espeakInput(answer, answerArabic), 'male-2')));
    expect(samples(his)).not.toBe(samples(await builtIn.synthesize(espeakInput(answer, answerArabic), 'male')));
    await screenshot(page, 'speech-dialogue-second-voice-1280');
    await context.close();
  }, 90_000);

  test('Slower on a card and the slower speed of the listening drill ask for the slower clip and play it', async () => {
    const { page, context } = await app.newPage(375, 812);
    await page.goto('/landing');
    const deck = page.getByRole('region', { name: /Try it now: 10 words/ });
    await deck.waitFor();
    // Below a phone's fold the card's countdown waits to be seen: revealed by hand.
    await deck.getByRole('button', { name: 'Reveal Now' }).click();
    const arabizi = ((await deck.locator('.flash-card-lebanese').textContent()) ?? '').trim();
    const [slow] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/tts')),
      deck.getByRole('button', { name: /^Listen slower to/ }).click(),
    ]);
    const url = new URL(slow.url());
    expect([url.searchParams.get('text'), url.searchParams.get('speed'), slow.status()]).toEqual([arabizi, 'slow', 200]);
    const normal = new URL(url);
    normal.searchParams.delete('speed');
    // The slower clip is the same words said longer.
    expect((await clipAt(page, url)).byteLength).toBeGreaterThan((await clipAt(page, normal)).byteLength * 1.25);
    await screenshot(page, 'speech-card-slower-375');

    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Listening' }).click();
    await page.getByRole('button', { name: 'Play the word' }).waitFor();
    const word = page.locator('audio[data-listen="word"]');
    const ended = word.evaluate(
      (a: HTMLAudioElement) => new Promise<string>((resolve) => a.addEventListener('ended', () => resolve(a.currentSrc), { once: true })),
    );
    const [asked] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tts' && new URL(r.url()).searchParams.get('speed') === 'slow'),
      page.getByRole('checkbox', { name: 'Slower speed' }).check(),
    ]);
    // A media element may ask for its clip in ranges.
    expect([200, 206]).toContain(asked.status());
    // Chosen, the slower speed plays the word at once, and stays for the round.
    expect(new URL(await ended).searchParams.get('speed')).toBe('slow');
    await screenshot(page, 'speech-listening-slower-375');
    await context.close();
  }, 90_000);

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
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/tts')),
      page.getByRole('button', { name: 'Listen to dolar' }).click(),
    ]);
    expect(new URL(response.url()).searchParams.get('text')).toBe('dolar');
    expect(response.status()).toBe(402);
    await page.waitForFunction(() => (window as unknown as { spoken: string[] }).spoken.includes('dolar'));
    expect(await page.getByText('Failed to load audio. Please try again.').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/lesson/${lesson.id}`);
    await context.close();
  });
});

/** The clip the server answers at `url` (Chromium keeps no body for media it hands to an audio element; the server's cache gives the same clip again). */
async function clipAt(page: Page, url: URL) {
  return new Uint8Array(await (await page.request.get(url.pathname + url.search)).body());
}
