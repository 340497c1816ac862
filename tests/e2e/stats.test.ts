import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  // The learning-time journey moves the server's clock (POST /api/dev/clock) instead of waiting a minute.
  app = await startApp({ env: { MOVABLE_CLOCK: 'true' } });
});
afterAll(async () => {
  await app?.stop();
});

/** One card answered from the keyboard: Space reveals, 1 is 'I know it'. */
async function answerCard(page: Page) {
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'I know it' }).waitFor();
  await page.keyboard.press('1');
}

const leaderboardRow = (page: Page, username: string) => page.locator('.leaderboard-table tbody tr', { hasText: username });

describe('statistics and the leaderboard in the browser', () => {
  test('an anonymous visitor is asked to log in', async () => {
    const { page, context } = await app.newPage(375);
    await page.goto('/stats');
    await page.getByText('Please log in to view your statistics.').waitFor();
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.waitForURL('**/auth?redirect=%2Fstats');
    await context.close();
  });

  test('a learner answers cards, sees points and rank on /stats, and a second learner overtakes them live', async () => {
    const first = await app.newPage(1280, 900);
    const ana = await registerInBrowser(first.page);
    await first.page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    for (let i = 1; i <= 3; i++) {
      await answerCard(first.page);
      await first.page.locator('.streak-current', { hasText: new RegExp(`^${i}$`) }).waitFor();
    }
    // The answers are saved before the streak shows; /stats reads them from the server.
    await first.page.getByRole('link', { name: 'Stats' }).click();
    await first.page.getByRole('heading', { name: 'Your Learning Statistics' }).waitFor();
    await first.page
      .getByTestId('stats-points')
      .filter({ hasText: /^30 points$/ })
      .waitFor();
    const answered = first.page.locator('.stats-figure-box', { hasText: 'Answered' });
    expect(await answered.locator('dd').textContent()).toBe('3');
    await first.page.locator('.achievement.earned', { hasText: 'First Steps' }).waitFor();
    expect(await first.page.locator('.achievement.locked').count()).toBe(7);
    await first.page.getByText(/\d+ days? remaining/).waitFor();
    const mine = leaderboardRow(first.page, ana.username);
    await mine.waitFor();
    expect(await mine.getAttribute('aria-current')).toBe('true');
    expect(await mine.locator('td').allTextContents()).toEqual(['1', `${ana.username}You`, '30']);
    await first.page.getByTestId('leaderboard-you-allTime').filter({ hasText: 'Your rank: #1 with 30 points' }).waitFor();

    // A second learner, on a phone, answers through the API with their own cookies.
    const second = await app.newPage(375, 800);
    const ben = await registerInBrowser(second.page);
    const words: { id: number }[] = await (await second.page.request.get('/api/words')).json();
    for (const word of words.slice(0, 5)) {
      const res = await second.page.request.post(`/api/words/${word.id}/progress`, {
        data: { correct: true, page: 'unified' },
        headers: { origin: app.baseUrl },
      });
      expect(res.status()).toBe(200);
    }

    // The first learner's open page follows over server-sent events, without a reload.
    await leaderboardRow(first.page, ben.username).filter({ hasText: '50' }).waitFor();
    expect(await leaderboardRow(first.page, ben.username).locator('td').allTextContents()).toEqual(['1', ben.username, '50']);
    await first.page.getByTestId('leaderboard-you-allTime').filter({ hasText: 'Your rank: #2 with 30 points' }).waitFor();
    await first.page.getByRole('tab', { name: 'This Week' }).click();
    await first.page.getByTestId('leaderboard-you-thisWeek').filter({ hasText: 'Your rank: #2 with 30 points' }).waitFor();
    await first.page.getByRole('tab', { name: 'All Time' }).click();
    await screenshot(first.page, 'stats-1280');

    await second.page.goto('/stats');
    await second.page
      .getByTestId('stats-points')
      .filter({ hasText: /^50 points$/ })
      .waitFor();
    await second.page.getByTestId('leaderboard-you-allTime').filter({ hasText: 'Your rank: #1 with 50 points' }).waitFor();
    // The phone layout keeps to the screen's width.
    expect(await second.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(second.page, 'stats-375');

    await first.context.close();
    await second.context.close();
  });

  // Last: this learner's answers would otherwise lead the leaderboard the test above reads.
  test("a learner practises for a minute and /stats shows the learning time and the feature, with the learner's time zone sent for study days", async () => {
    const context = await app.browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Beirut',
      extraHTTPHeaders: { 'Fly-Client-IP': '10.9.0.1' },
    });
    // The tab's timers, which time its reports, run on a clock this test can move on (they run in real time until then).
    await context.clock.install();
    const page = await context.newPage();
    const firstReport = page.waitForRequest((r) => r.url().endsWith('/api/analytics/activity') && r.method() === 'POST');
    await registerInBrowser(page);
    expect((await firstReport).postDataJSON()).toMatchObject({ page: '/words', timeZone: 'Asia/Beirut' });
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    // The zone is read once per tab: after a reload it is sent again without a worker reading it anew.
    let workers = 0;
    page.on('worker', () => workers++);
    const reloadReport = page.waitForRequest((r) => r.url().endsWith('/api/analytics/activity') && r.method() === 'POST');
    await page.reload();
    expect((await reloadReport).postDataJSON()).toMatchObject({ page: '/words', timeZone: 'Asia/Beirut' });
    expect(workers).toBe(0);

    // Learning time is counted by the server's clock, in whole minutes on /stats: a minute of practice, as
    // four of the tab's own reports 16 s apart, both clocks moved on together between them.
    for (let beat = 0; beat < 4; beat++) {
      await answerCard(page);
      await fetch(`${app.baseUrl}/api/dev/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.baseUrl },
        body: JSON.stringify({ advanceMs: 16_000 }),
      });
      const report = page.waitForRequest((r) => r.url().endsWith('/api/analytics/activity') && r.method() === 'POST');
      await page.clock.fastForward(16_000);
      expect((await (await report).response())!.ok()).toBe(true);
    }
    await page.getByRole('link', { name: 'Stats' }).click();
    const time = page.locator('section[aria-labelledby="stats-time"]');
    await time.locator('.stats-figure', { hasText: /^1 minute$/ }).waitFor();
    await time.getByText(/^Last active /).waitFor();
    const features = page.locator('section[aria-labelledby="stats-features"] .feature-list li');
    await features.first().filter({ hasText: 'All Words' }).waitFor();
    expect(await features.count()).toBe(1);
    expect(await features.first().locator('.muted').textContent()).toBe('1 minute');
    await context.close();
  });
});
