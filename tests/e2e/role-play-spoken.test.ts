import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { fasterAudio, playAudioFaster, recognitionStandIn, registerInBrowser, screenshotAtWidths, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** Lara's lines in the café after her first, typed as the content writes them. */
const TYPED = ['3arabiyye. W fi shi zaki ma3a?', 'Eh, akid! W kebbeyet may kamen.', 'Addeh el 7seb?', 'Tfaddal. Yeslamo ideik!'];

async function journey() {
  const { page, context } = await app.newPage(375, 812);
  await context.addInitScript(recognitionStandIn);
  await context.addInitScript(fasterAudio);
  await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dialogues' }).click();
  await page.getByRole('link', { name: 'At the café' }).click();
  await page.getByRole('heading', { name: 'At the café' }).waitFor();

  // Hearing the dialogue in Listen is listening time: the report as it stops says so, and the statistics count it.
  await page.locator('audio.dialogue-audio').evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<void>((resolve) => {
        audio.addEventListener('ended', () => resolve(), { once: true });
        document.querySelector<HTMLButtonElement>('.dialogue-controls button')!.click();
      }),
  );
  const listened = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/activity') && (r.postDataJSON() as { activity?: string }).activity === 'listening',
  );
  await page.getByRole('button', { name: 'Stop' }).click();
  await (await listened).response();
  const usage = (await (await page.request.get('/api/analytics/session')).json()) as {
    featureUsage: { featureId: string; totalTime: number }[];
  };
  expect(usage.featureUsage.find((f) => f.featureId === 'listening')?.totalTime).toBeGreaterThan(0);

  // Say it's keys are in the ? overlay.
  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await keys.getByText('At your turn in a role-play: Say it: speak the word').waitFor();
  await keys.getByRole('button', { name: 'Close' }).click();

  // Role-play as Lara: Rami's first line plays, then her turn, said aloud (the line without its marks and punctuation).
  // Rami's lines are heard to their end before each of her turns, four times as fast: nothing is checked while they play.
  await playAudioFaster(page, 4);
  await page.getByRole('tab', { name: 'Role-play' }).click();
  // Each speaker's lines are asked for in their voice: Rami's male, Lara's female.
  const clipOf = (voice: string) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tts' && new URL(r.url()).searchParams.get('voice') === voice);
  const rami = clipOf('male');
  await page.getByRole('button', { name: 'Play Lara' }).click();
  expect((await rami).headers()['content-type']).toStartWith('audio/');
  const turn = page.locator('.role-play-turn');
  await turn.getByText('Say: I would like a coffee without sugar, please.').waitFor();
  await turn.getByRole('region', { name: 'Say it' }).waitFor();
  await screenshotAtWidths(page, 'role-play-turn');
  // Heard second, after another alternative: the one that matches is kept.
  await page.evaluate(() =>
    Object.assign((window as unknown as { recognition: object }).recognition, { heard: 'بدي قهوه بلا سكر لو سمحت', heardSecond: true }),
  );
  await turn.getByRole('button', { name: 'Say it' }).click();
  await turn.getByText('Right! You said the line.').waitFor();
  await expect(turn.locator('.typed-compare dd').first().textContent()).resolves.toBe('بدي قهوه بلا سكر لو سمحت');
  await screenshotAtWidths(page, 'role-play-said');
  const lara = clipOf('female');
  await turn.getByRole('button', { name: 'Listen to the line' }).click();
  expect((await lara).headers()['content-type']).toStartWith('audio/');
  await turn.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('.dialogue-line.own .role-play-verdict').first().textContent()).resolves.toBe('Right');

  // The other turns typed.
  for (const line of TYPED) {
    await turn.getByLabel('Type your line in arabizi').fill(line);
    await turn.getByLabel('Type your line in arabizi').press('Enter');
    await turn.getByText('Right!').waitFor();
    const saving = line === TYPED.at(-1) ? page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/role-play')) : null;
    await turn.getByRole('button', { name: 'Continue' }).click();
    if (saving) {
      // The said turn goes to the server as what was heard, and the server judges it right.
      const sent = (await saving).postDataJSON() as { answers: unknown[] };
      expect(sent.answers).toEqual([{ heard: ['بدي قهوه بلا سكر لو سمحت'] }, ...TYPED]);
      const saved = await (await saving).response();
      expect(await saved!.json()).toMatchObject({ score: 5, total: 5, verdicts: ['right', 'right', 'right', 'right', 'right'] });
    }
  }
  const score = page.locator('.role-play-score');
  await score.getByRole('heading', { name: 'You said 5 of 5 lines right' }).waitFor();
  await score.getByText('You earned 50 points.').waitFor();
  await screenshotAtWidths(page, 'role-play-said-score');

  // The score is saved: the list shows it, and the statistics count its points.
  await page.getByRole('link', { name: 'All dialogues' }).click();
  const cafe = ((await (await page.request.get('/api/dialogues')).json()) as { key: string; progress: { bestScore: number } }[]).find(
    (d) => d.key === 'cafe',
  );
  expect(cafe!.progress.bestScore).toBe(5);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page.getByTestId('stats-points').textContent()).resolves.toContain('50');
  await context.close();
}

describe('a dialogue heard and a role-play turn said aloud', () => {
  // Walked once at a phone's width, where a crowded layout would hide a button; each screen is also drawn at 1280 px.
  test('at 375 px, each screen at 1280 px too: Listen counts as listening time; Say it answers a turn, judged right by the server, the score saved', async () => {
    await journey();
  }, 120_000);
});
