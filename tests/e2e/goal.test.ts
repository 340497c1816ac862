import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { DAY_MS } from '../../src/lib/clock';
import { FREEZE_POINTS } from '../../src/modules/stats/rules';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ env: { MOVABLE_CLOCK: 'true' } });
});
afterAll(async () => {
  await app?.stop();
});

/** Answers `n` cards on All Words with I know it, by the keyboard. */
async function answerCards(page: Page, n: number) {
  for (let i = 0; i < n; i++) {
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'I know it' }).waitFor();
    await page.keyboard.press('1');
  }
}

const ring = (page: Page) => page.getByRole('progressbar', { name: /^Daily goal:/ });

describe('daily goal and day streak', () => {
  test('a goal chosen on first use, met on All Words and shown there and on the statistics page; a missed day spends a freeze', async () => {
    const { page } = await app.newPage(1280, 900);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();

    // First use: the prompt under the card; no ring before a goal.
    const prompt = page.getByRole('region', { name: 'Pick a daily goal' });
    await prompt.waitFor();
    expect(await ring(page).count()).toBe(0);
    await prompt.getByRole('radio', { name: 'Cards a day' }).check();
    await prompt.getByLabel('Goal (cards a day)').selectOption('10');
    await screenshot(page, 'goal-prompt-1280');
    await prompt.getByRole('button', { name: 'Save goal' }).click();
    await ring(page).and(page.locator('[aria-valuenow="0"]')).waitFor();
    await expect(prompt.count()).resolves.toBe(0);

    // Ten answers meet it; ten more earn a freeze (FREEZE_POINTS at 10 points a correct card).
    await answerCards(page, 10);
    await page.getByRole('progressbar', { name: 'Daily goal: 10 of 10 cards today' }).waitFor();
    await page.getByLabel('Day streak 1, 0 freezes held').waitFor();
    // The card streak stays beside it.
    await page.getByRole('status', { name: 'Streak 10, best 10' }).waitFor();
    await answerCards(page, FREEZE_POINTS / 10 - 10);
    await page.getByLabel('Day streak 1, 1 freeze held').waitFor();
    await screenshot(page, 'goal-met-1280');

    const phone = await app.newPage(375, 800);
    await phone.context.addCookies(await page.context().cookies());
    await phone.page.goto('/words');
    await phone.page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await phone.page.getByLabel('Day streak 1, 1 freeze held').waitFor();
    await screenshot(phone.page, 'goal-met-375');

    await page.goto('/stats');
    const tile = page.getByRole('region', { name: 'Daily Goal' });
    await tile.getByText('1 day in a row').waitFor();
    await tile.getByText('Today 10/10 cards.').waitFor();
    await page.getByText('Best Streak').waitFor();

    // The day after tomorrow, with no practice tomorrow: the freeze kept the streak.
    const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: 2 * DAY_MS }, headers: { origin: app.baseUrl } });
    expect(moved.status()).toBe(200);
    // Read as a chart's day: 'Sat 28 Nov' ('Sep', as every date of the app, where newer en-GB data says 'Sept').
    const tomorrow = new Date(Date.parse((await moved.json()).now) - DAY_MS)
      .toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
      .replace('Sept', 'Sep');
    await page.reload();
    await tile.getByText('1 day in a row').waitFor();
    await tile.getByText(`A freeze kept your streak on ${tomorrow}.`).waitFor();
    await tile.getByLabel('Day streak 1, 0 freezes held').waitFor();
    await tile.getByText('Today 0/10 cards.').waitFor();
    await screenshot(page, 'goal-stats-1280');
    await phone.page.goto('/stats');
    await phone.page.getByRole('region', { name: 'Daily Goal' }).getByText('1 day in a row').waitFor();
    await screenshot(phone.page, 'goal-stats-375');

    // Meeting today's goal grows the streak to 2: the frozen day kept it going.
    await page.goto('/words');
    await answerCards(page, 10);
    await page.getByLabel('Day streak 2, 0 freezes held').waitFor();

    // The settings' Learning tab holds the goal and changes it.
    await page.goto('/settings?tab=learning');
    await page.getByRole('radio', { name: 'Cards a day' }).and(page.locator(':checked')).waitFor();
    await page.getByRole('radio', { name: 'Minutes a day' }).check();
    await page.getByLabel('Goal (minutes a day)').selectOption('15');
    await page.getByRole('button', { name: 'Save goal' }).click();
    await page.getByText('Daily goal saved').waitFor();
    await screenshot(page, 'goal-settings-1280');
    await phone.page.goto('/settings?tab=learning');
    await phone.page.getByRole('radio', { name: 'Minutes a day' }).and(phone.page.locator(':checked')).waitFor();
    await screenshot(phone.page, 'goal-settings-375');
    await page.goto('/words');
    await ring(page).and(page.locator('[aria-valuemax="15"]')).waitFor();
  });

  test('a bad move of the clock is refused', async () => {
    const res = await fetch(`${app.baseUrl}/api/dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify({ advanceMs: -1 }),
    });
    expect(res.status).toBe(400);
  });
});
