import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { fakeMicrophone, recognitionStandIn, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

type Question = { wordId: number; speech: string; options: string[] };
type Word = { id: number; english: string; lebanese: string; arabicScript: string };

const micDir = mkdtempSync(join(tmpdir(), 'kalimat-mic-'));
let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ browserArgs: fakeMicrophone(micDir) });
});
afterAll(async () => {
  await app?.stop();
  rmSync(micDir, { recursive: true, force: true });
});

/** Which audio elements played to their end, by their data attribute ('word', 'model', 'mine'). */
const ENDED = () => {
  const w = window as unknown as { ended: string[] };
  w.ended = [];
  document.addEventListener(
    'ended',
    (e) => {
      const el = e.target as HTMLElement;
      w.ended.push(el.getAttribute('data-listen') ?? el.getAttribute('data-say-it') ?? el.tagName);
    },
    true,
  );
};
const ended = (page: Page, name: string, times = 1) =>
  page.waitForFunction(([n, k]) => (window as unknown as { ended: string[] }).ended.filter((e) => e === n).length >= k, [
    name,
    times,
  ] as const);

/** A browser without speech recognition (Chromium has its own, which needs Google's servers). */
const NO_RECOGNITION = () => {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition'])
    Object.defineProperty(window, name, { value: undefined, configurable: true, writable: true });
};

/** A learner signed up at the given width, past All Words' first-visit explanation; recognition stood in for, or none. */
async function learner(width: number, recognition: 'stand-in' | 'none') {
  const { page, context } = await app.newPage(width, 900);
  await context.addInitScript(ENDED);
  await context.addInitScript(recognition === 'stand-in' ? recognitionStandIn : NO_RECOGNITION);
  await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  return { page, context };
}

/** The learner's deck by id, to know what each played word is. */
async function deckOf(page: Page): Promise<Map<number, Word>> {
  const words = (await (await page.request.get('/api/words')).json()) as Word[];
  return new Map(words.map((w) => [w.id, w]));
}

/** Opens the drill from the navigation and returns its round, with the first word's clip as served. */
async function openDrill(page: Page) {
  const round = page.waitForResponse((r) => r.url().endsWith('/api/listening/round'));
  const clip = page.waitForResponse((r) => r.url().includes('/api/tts'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Listening' }).click();
  await page.waitForURL('**/listen');
  const questions = (await (await round).json()) as Question[];
  const served = await clip;
  expect(new URL(served.url()).searchParams.get('text')).toBe(questions[0]!.speech);
  // Chromium keeps no body for media it hands an audio element: the same clip is asked for again.
  const audio = await page.request.get(served.url());
  expect(audio.headers()['content-type']).toMatch(/^audio\//);
  expect((await audio.body()).length).toBeGreaterThan(1000);
  await page.getByRole('button', { name: 'Play the word' }).waitFor();
  return questions;
}

let desk: { page: Page; context: BrowserContext };

describe('the listening drill', () => {
  test('at 1280: a word plays with no text, a wrong meaning shows the transcript and lands in Flagged Words, the next word plays by itself', async () => {
    desk = await learner(1280, 'stand-in');
    const { page } = desk;
    const deck = await deckOf(page);
    const questions = await openDrill(page);
    const first = deck.get(questions[0]!.wordId)!;
    // Nothing of the word is written before the answer: only its meaning among four.
    const card = page.locator('.listen-drill');
    expect(await card.textContent()).not.toContain(first.arabicScript);
    expect(await card.getByText(first.lebanese, { exact: true }).count()).toBe(0);
    await screenshot(page, 'listen-choose-question-1280');

    await page.getByRole('button', { name: 'Play the word' }).click();
    await ended(page, 'word');
    const wrong = questions[0]!.options.find((o) => o !== first.english)!;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/listening/answers'));
    await card.getByRole('button', { name: wrong, exact: true }).click();
    expect((await saved).status()).toBe(200);
    await card.getByRole('status').filter({ hasText: 'Not quite.' }).waitFor();
    const transcript = card.getByRole('definition');
    await transcript.filter({ hasText: first.lebanese }).first().waitFor();
    expect(await transcript.filter({ hasText: first.arabicScript }).count()).toBeGreaterThan(0);
    expect(await transcript.filter({ hasText: first.english }).count()).toBeGreaterThan(0);
    await card.getByText(/Added to your Flagged Words/).waitFor();
    await screenshot(page, 'listen-choose-missed-1280');

    // Enter goes on; the next word plays without another press.
    await page.keyboard.press('Enter');
    await card.getByText(`Word 2 of ${questions.length}`).waitFor();
    // The pressed Next word is gone: the focus is on the new word's play button, not lost to the page.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('listen-play'))).toBe(true);
    await ended(page, 'word', 2);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('listen-play'))).toBe(true);
    const second = deck.get(questions[1]!.wordId)!;
    const number = questions[1]!.options.indexOf(second.english) + 1;
    await page.keyboard.press(String(number));
    await card.getByRole('status').filter({ hasText: 'Correct!' }).waitFor();
    expect(await page.locator('.streak-current').textContent()).toBe('1');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Flagged Words' }).click();
    await page.getByRole('heading', { name: 'Flagged Words' }).waitFor();
    await page.locator('.flash-card-lebanese', { hasText: first.lebanese }).waitFor();
  });

  test('at 375: dictation takes another spelling of what was heard, and a miss goes to the practice list and the memory review', async () => {
    const { page, context } = await learner(375, 'none');
    const deck = await deckOf(page);
    const questions = await openDrill(page);
    await page.getByRole('tab', { name: 'Type what you hear' }).click();
    await page.getByRole('button', { name: 'Play the word' }).click();
    await ended(page, 'word');
    const first = deck.get(questions[0]!.wordId)!;
    const field = page.getByLabel('Type what you hear, in arabizi');
    // Capitals and a doubled last letter are spellings the checker of typed answers takes (a doubled
    // first consonant is not: nnem, "we sleep", is not nem, docs/decisions/0069).
    await field.fill(first.lebanese.toUpperCase().replace(/([A-Z])(?=[^A-Z]*$)/, '$1$1'));
    await field.press('Enter');
    const card = page.locator('.listen-drill');
    await card
      .locator('.typed-verdict')
      .filter({ hasText: /^Right!/ })
      .waitFor();
    await card.getByRole('definition').filter({ hasText: first.arabicScript }).first().waitFor();
    await screenshot(page, 'listen-dictation-375');

    await page.keyboard.press('Enter');
    await ended(page, 'word', 2);
    await field.fill('zzzz');
    await field.press('Enter');
    await card.locator('.typed-verdict').filter({ hasText: 'Not quite.' }).waitFor();
    const second = questions[1]!.wordId;
    const flagged = (await (await page.request.get('/api/words/flagged')).json()) as Word[];
    expect(flagged.map((w) => w.id)).toContain(second);
    await screenshot(page, 'listen-dictation-missed-375');
    // The mode is remembered.
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Type what you hear' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
});

/** Reveals the card on All Words and returns its Arabic. */
async function revealCard(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Words' }).click();
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  await page.keyboard.press('Space');
  return ((await page.locator('.flash-card-arabic').textContent()) ?? '').trim();
}

describe('Say it', () => {
  test('at 1280: recognition hears the word with marks and tatweel and counts it; another word is shown as heard; recording and the model play back to back and stay in the browser', async () => {
    const { page } = desk;
    const arabic = await revealCard(page);
    const sayIt = page.getByRole('region', { name: 'Say it' });
    await sayIt.getByText('Your recordings stay in this browser: they are never uploaded or saved.').waitFor();
    const uploads: number[] = [];
    page.on('request', (r) => r.method() !== 'GET' && uploads.push(r.postDataBuffer()?.length ?? 0));

    // Heard with a stretched letter and a shadda: still the word.
    await page.evaluate(
      (a) => ((window as unknown as { recognition: { heard: string } }).recognition.heard = `${a[0]}\u0640\u0651${a.slice(1)}`),
      arabic,
    );
    const attempt = page.waitForResponse((r) => r.url().endsWith('/api/speaking/attempts'));
    await page.keyboard.press('s');
    expect(await (await attempt).json()).toMatchObject({ correct: true, expected: arabic });
    await sayIt.getByRole('status').filter({ hasText: 'Right! That is the word.' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { recognition: { langs: string[] } }).recognition.langs)).toEqual(['ar-LB']);

    await page.evaluate(() => ((window as unknown as { recognition: { heard: string } }).recognition.heard = 'كلام تاني'));
    await sayIt.getByRole('button', { name: 'Say it' }).click();
    await sayIt.getByRole('status').filter({ hasText: 'Not quite.' }).waitFor();
    await sayIt.getByRole('definition').filter({ hasText: 'كلام تاني' }).waitFor();
    await screenshot(page, 'say-it-heard-1280');

    // Record and compare, against Chromium's fake microphone.
    await sayIt.getByRole('button', { name: 'Record yourself' }).click();
    await sayIt.getByRole('button', { name: 'Stop recording' }).waitFor();
    // Long enough for the server, which counts whole seconds between the reports that start and end it, to count speaking time.
    await page.waitForTimeout(2500);
    await sayIt.getByRole('button', { name: 'Stop recording' }).click();
    await sayIt.getByText('Your recording is ready').waitFor();
    await page.keyboard.press('r');
    await ended(page, 'model');
    await ended(page, 'mine');
    expect(
      await page.evaluate(() => (window as unknown as { ended: string[] }).ended.filter((e) => e === 'model' || e === 'mine')),
    ).toEqual(['model', 'mine']);
    await screenshot(page, 'say-it-recorded-1280');
    // Only small JSON calls went out: no recording.
    expect(uploads.every((size) => size < 2000)).toBe(true);

    await page.keyboard.press('?');
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await keys.getByText(/^Say it: speak the word/).waitFor();
    await keys.getByText(/^Replay: the model, then your recording/).waitFor();
    await screenshot(page, 'say-it-keys-1280');
    await page.keyboard.press('Escape');
  });

  test('at 375: a recogniser without Lebanese is asked for Arabic; without recognition the card still records and compares', async () => {
    const { page, context } = await learner(375, 'stand-in');
    const arabic = await revealCard(page);
    await page.evaluate(
      (a) => Object.assign((window as unknown as { recognition: object }).recognition, { heard: a, refuse: ['ar-LB'] }),
      arabic,
    );
    await page.getByRole('button', { name: 'Say it' }).click();
    await page.getByRole('status').filter({ hasText: 'Right! That is the word.' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { recognition: { langs: string[] } }).recognition.langs)).toEqual([
      'ar-LB',
      'ar',
    ]);
    await screenshot(page, 'say-it-375');
    await context.close();

    const plain = await learner(375, 'none');
    await revealCard(plain.page);
    const sayIt = plain.page.getByRole('region', { name: 'Say it' });
    expect(await sayIt.getByRole('button', { name: 'Say it' }).count()).toBe(0);
    // The learner is told why there is only a recording to make.
    await sayIt.getByText(/^Automatic checking is off in this browser \(it has no speech recognition\)/).waitFor();
    // S starts and stops a recording where there is no recognition.
    await plain.page.keyboard.press('s');
    await sayIt.getByRole('button', { name: 'Stop recording' }).waitFor();
    await plain.page.waitForTimeout(1200);
    await plain.page.keyboard.press('s');
    await sayIt.getByRole('button', { name: 'Compare: model, then you' }).click();
    await ended(plain.page, 'mine');
    await screenshot(plain.page, 'say-it-record-only-375');
    await plain.context.close();
  });
});

describe('Say it on a bad connection', () => {
  test('an attempt said while saves fail is kept and counted once, when they get through', async () => {
    const { page, context } = await learner(1280, 'stand-in');
    const arabic = await revealCard(page);
    // More sends than the browser's own tries of one call never reach the server: the save queue keeps it.
    let failures = 4;
    await context.route('**/api/speaking/attempts', (route) => (failures-- > 0 ? route.abort('internetdisconnected') : route.fallback()));
    await page.evaluate((a) => ((window as unknown as { recognition: { heard: string } }).recognition.heard = a), arabic);
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/speaking/attempts') && r.ok());
    await page.getByRole('region', { name: 'Say it' }).getByRole('button', { name: 'Say it' }).click();
    expect(await (await counted).json()).toMatchObject({ correct: true, expected: arabic });
    expect(failures).toBeLessThan(0);
    const stats = (await (await page.request.get('/api/stats')).json()) as { skills: { speaking: { answered: number; correct: number } } };
    expect(stats.skills.speaking).toMatchObject({ answered: 1, correct: 1 });
    await context.close();
  });
});

describe('statistics', () => {
  test('/stats shows listening and speaking accuracy, and speaking time joins the features', async () => {
    const { page, context } = desk;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
    const skills = page.locator('section[aria-labelledby="stats-skills"]');
    const listening = skills.locator('[data-skill="listening"]');
    await listening.getByText('1 of 2 answers in the listening drill right').waitFor();
    expect(await listening.locator('strong').textContent()).toBe('50%');
    const speaking = skills.locator('[data-skill="speaking"]');
    await speaking.getByText('1 of 2 words said with Say it right').waitFor();
    expect(await speaking.locator('strong').textContent()).toBe('50%');
    // Time is counted by the server between reports; the recording started and ended with one each.
    const usage = (await (await page.request.get('/api/analytics/session')).json()).featureUsage as {
      featureId: string;
      totalTime: number;
    }[];
    expect(usage.find((f) => f.featureId === 'speaking')?.totalTime).toBeGreaterThan(0);
    expect(usage.map((f) => f.featureId)).toContain('listening');
    await screenshot(page, 'stats-skills-1280');
    await context.close();
  });
});
