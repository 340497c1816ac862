import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { fasterAudio, playAudioFaster, registerInBrowser, screenshotAtWidths, startApp, waitForOfflineCopy, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ serviceWorker: true });
});
afterAll(async () => {
  await app?.stop();
});

/** Counts the `ended` events of the page's dialogue audio element from now on. */
async function countEnded(page: Page) {
  await page.locator('audio.dialogue-audio').evaluate((audio: HTMLAudioElement) => {
    (window as unknown as { ended: number }).ended = 0;
    audio.addEventListener('ended', () => (window as unknown as { ended: number }).ended++);
  });
}
const ended = (page: Page, atLeast: number) =>
  page.waitForFunction((n) => (window as unknown as { ended: number }).ended >= n, atLeast, { polling: 100, timeout: 30_000 });

/** The speaker of the highlighted (playing) line. */
const playingSpeaker = (page: Page) => page.locator('.dialogue-line[aria-current="true"] .dialogue-speaker');

/** A clip answered by the speech call: audio, not empty. */
async function expectClip(page: Page, trigger: () => Promise<void>, voice: string) {
  const [response] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === '/api/tts'), trigger()]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toStartWith('audio/');
  expect(new URL(response.url()).searchParams.get('voice')).toBe(voice);
  // The page's own copy may come through the service worker, which keeps no body for Playwright; the server's clip is the same.
  expect((await (await page.request.get(response.url())).body()).byteLength).toBeGreaterThan(1000);
}

async function journey() {
  const { page, context } = await app.newPage(375, 812);
  await context.addInitScript(fasterAudio);
  await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();

  // The list, from the navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dialogues' }).click();
  await page.getByRole('heading', { name: 'Dialogues', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'At the café' }).waitFor();
  await screenshotAtWidths(page, 'dialogues-list');
  await page.getByRole('link', { name: 'At the café' }).click();
  await page.getByRole('heading', { name: 'At the café' }).waitFor();
  const dialoguePath = new URL(page.url()).pathname;

  // Listen: the texts are shown or hidden one by one, and the choice outlives a reload.
  const lines = page.locator('.dialogue-line');
  await expect(lines.count()).resolves.toBe(11);
  await page.getByRole('checkbox', { name: 'English' }).uncheck();
  await expect(lines.first().locator('.dialogue-english').count()).resolves.toBe(0);
  await expect(lines.first().locator('.dialogue-arabic').count()).resolves.toBe(1);
  await page.reload();
  await page.getByRole('heading', { name: 'At the café' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'English' }).isChecked()).toBe(false);
  expect(await page.getByRole('checkbox', { name: 'Arabizi' }).isChecked()).toBe(true);
  await expect(lines.first().locator('.dialogue-english').count()).resolves.toBe(0);

  // The lines play in turn, each in its speaker's voice, the playing one highlighted.
  await countEnded(page);
  await expectClip(page, () => page.getByRole('button', { name: 'Play the dialogue' }).click(), 'male');
  await expect(playingSpeaker(page).textContent()).resolves.toBe('Rami');
  // Its transcript is on screen in full (English too) while it plays.
  await page.locator('.dialogue-now').getByText('Welcome! Go ahead, what would you like to drink? (to a woman)').waitFor();
  await ended(page, 1);
  await page.locator('.dialogue-line[aria-current="true"] .dialogue-speaker', { hasText: 'Lara' }).waitFor();
  await screenshotAtWidths(page, 'dialogues-listen');
  await ended(page, 2);
  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('button', { name: 'Play the dialogue' }).waitFor();

  // The slower speed; R replays the line last heard (the shortcut is in the ? overlay).
  await page.getByRole('checkbox', { name: 'Slower speed' }).check();
  // Keys typed in a field (the checkbox has the focus) are not shortcuts.
  await page.getByRole('heading', { name: 'At the café' }).click();
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Replay the line').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('r');
  await page.locator('.dialogue-line[aria-current="true"]').waitFor();
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio.dialogue-audio')!;
    return !audio.paused && Math.abs(audio.playbackRate - 0.7) < 0.01;
  });
  await ended(page, 3);
  await page.getByRole('checkbox', { name: 'Slower speed' }).uncheck();

  // Role-play as Lara: Rami's lines play, hers are typed. Nothing is checked while a line plays from here
  // on: the lines are heard to their end four times as fast.
  await playAudioFaster(page, 4);
  await page.getByRole('tab', { name: 'Role-play' }).click();
  await page.getByRole('button', { name: 'Play Lara' }).click();
  const turn = page.locator('.role-play-turn');
  const answers = [
    'Baddi ahwe bala sekkar, law sama7', // one letter short: almost
    '3arabiyye. W fi shi 7elo ma3a?', // one wrong word: 7elo (nice) for zaki (tasty)
    'eh akid w kebbeyet may kamen',
    'addesh el 7seb',
    'Tfaddal. Yeslamo ideik!',
  ];
  for (const [i, answer] of answers.entries()) {
    await turn.getByLabel('Type your line in arabizi').fill(answer);
    await turn.getByLabel('Type your line in arabizi').press('Enter');
    if (i === 0) {
      // The word one letter off is named, and only its letter is marked: punctuation never counts.
      await turn.getByText('Almost! One letter is off. Check "sama7t".').waitFor();
      await expect(turn.locator('mark.letter-diff').allTextContents()).resolves.toEqual(['t']);
      await screenshotAtWidths(page, 'dialogues-role-play');
    } else if (i === 1) {
      // The one wrong word is the one marked, on both sides, and the learner is told what it is.
      await turn
        .getByRole('status')
        .filter({ hasText: /^Not quite\. "7elo" is '.*'nice \(masculine\)'\.$/ })
        .waitFor();
      await expect(turn.locator('.typed-compare dd').first().locator('mark.letter-diff').allTextContents()).resolves.toEqual(['7elo']);
      await expect(turn.locator('.typed-compare dd').nth(1).locator('mark.letter-diff').allTextContents()).resolves.toEqual(['zaki']);
      await screenshotAtWidths(page, 'dialogues-role-play-wrong-word');
    } else await turn.locator('.typed-verdict').waitFor();
    await turn.getByRole('button', { name: 'Continue' }).click();
  }
  const score = page.locator('.role-play-score');
  await score.getByRole('heading', { name: 'You said 3 of 5 lines right' }).waitFor();
  // The last turn's Continue is gone: the focus is on the score, so the next Tab reaches its buttons.
  expect(await page.evaluate(() => document.activeElement?.classList.contains('role-play-score'))).toBe(true);
  await score.getByText('You earned 30 points.').waitFor();
  await screenshotAtWidths(page, 'dialogues-score');

  // Offline: the dialogue and the clips heard open again without a network.
  await waitForOfflineCopy(page, `/api${dialoguePath}`);
  await waitForOfflineCopy(page, '&voice=male', 'kalimat-audio');
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'At the café' }).waitFor();
  await playAudioFaster(page, 4);
  await countEnded(page);
  await page.getByRole('button', { name: 'Replay line 1', exact: true }).click();
  await ended(page, 1);
  // A role-play offline: the clips heard play again; one never heard can be skipped, its text on screen.
  await page.getByRole('tab', { name: 'Role-play' }).click();
  await page.getByRole('button', { name: 'Play Rami' }).click();
  await turn.getByLabel('Type your line in arabizi').fill('Ahla w sahla! Tfaddale, shu baddik teshrabe?');
  await turn.getByLabel('Type your line in arabizi').press('Enter');
  await turn.getByText('Right!').waitFor();
  await turn.getByRole('button', { name: 'Continue' }).click();
  await ended(page, 2);
  await turn.getByLabel('Type your line in arabizi').fill('Ahwe 3arabiyye aw espresso?');
  await turn.getByLabel('Type your line in arabizi').press('Enter');
  await turn.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip this line' }).click();
  await expect(page.locator('.dialogue-line').nth(3).locator('.dialogue-arabizi').textContent()).resolves.toBe(
    '3arabiyye. W fi shi zaki ma3a?',
  );
  await turn.getByText('Say: There is a warm thyme flatbread, would you like one? (to a woman)').waitFor();
  await context.setOffline(false);

  // The score counts in the statistics.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stats' }).click();
  await expect(page.getByTestId('stats-points').textContent()).resolves.toContain('30');
  await context.close();
}

describe('dialogues', () => {
  // Walked once at a phone's width, where a crowded layout would hide a button; each screen is also drawn at 1280 px.
  test('at 375 px, each screen at 1280 px too: list, Listen with remembered texts, Role-play typed with a near miss, the score in the statistics, offline again', async () => {
    await journey();
  }, 150_000);
});
