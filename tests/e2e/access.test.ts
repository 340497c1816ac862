import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { inAppDatabase, registerInBrowser, screenshot, setTrialEnd, startApp, type E2EApp } from './harness';

/**
 * Access follows the clock on every open tab (docs/product-rules.md#tiers): a trial that ends while a
 * screen is open takes its premium content away at once, without an answer or a reload. The page's
 * own clock is Playwright's, paused once past the end so the 1 s before /paywall can be looked into.
 */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** Words a learner after the trial is shown on All Words (docs/product-rules.md#tiers: the first 20). */
const FREE_TIER_WORDS = 20;

/**
 * Takes All Words past `end`: on the server's clock, then on the page's, which stops 100 ms after it;
 * returns once the deck read again holds the free words and the screen shows them, within the 1 s
 * before the paywall.
 */
async function passTheEnd(page: Page, end: number) {
  await page.clock.pauseAt(end - 1000);
  await Bun.sleep(Math.max(0, end + 300 - Date.now()));
  const deckRead = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/words', { timeout: 20_000 });
  let read = false;
  deckRead.then(
    () => (read = true),
    () => {},
  );
  await page.clock.runFor(1100);
  // The page times the end by its estimate of the server's clock, which a busy machine may put a little later: a little more at a time.
  for (let step = 0; step < 10 && !read; step++) {
    await page.clock.runFor(50);
    await Bun.sleep(300);
  }
  expect(((await (await deckRead).json()) as unknown[]).length).toBe(FREE_TIER_WORDS);
  // The query cache tells the screen on its zero-delay timers, which run on the paused clock: a little at a time.
  const unlocked = page.locator('.unlocked-count');
  for (let step = 0; step < 40 && (await unlocked.textContent()) !== String(FREE_TIER_WORDS); step++) {
    await page.clock.runFor(10);
    await Bun.sleep(50);
  }
  expect(await unlocked.textContent()).toBe(String(FREE_TIER_WORDS));
  expect(new URL(page.url()).pathname).toBe('/words');
}

/** All Words open on the page's own clock, with the premium deck. */
async function allWordsWithPremium(page: Page) {
  // The page's clock runs with the real one until it is paused; the status read on this load brings the end.
  await page.clock.install();
  await page.goto('/words');
  const unlocked = page.locator('.unlocked-count');
  await unlocked.waitFor();
  expect(Number(await unlocked.textContent())).toBeGreaterThan(FREE_TIER_WORDS);
}

describe('access that ends while a tab is open', () => {
  test('All Words drops its premium words at the end, with no answer given, says so, and goes to the paywall a second later; a premium dialogue open in another tab leaves too', async () => {
    const { page, context } = await app.newPage();
    const user = await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();

    // Far enough ahead for both tabs to load on a busy machine.
    const end = Date.now() + 15_000;
    setTrialEnd(app, user.email, end);
    const answers: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && /\/api\/words\/\d+\/progress$/.test(new URL(req.url()).pathname)) answers.push(req.url());
    });
    await allWordsWithPremium(page);
    // Another tab, on a premium dialogue.
    const bank = ((await (await page.request.get('/api/dialogues')).json()) as { id: number; key: string; premium: boolean }[]).find(
      (d) => d.key === 'bank',
    )!;
    expect(bank.premium).toBe(true);
    const other = await context.newPage();
    await other.goto(`/dialogues/${bank.id}`);
    await other.getByRole('heading', { name: 'At the bank' }).waitFor();

    await passTheEnd(page, end);
    await page.locator('[data-sonner-toast]', { hasText: 'Trial Period Ended' }).waitFor();
    expect(
      await page
        .getByText('Subscribe now to unlock full access and keep all your valuable progress! Your learning journey awaits.')
        .isVisible(),
    ).toBe(true);
    expect(answers).toEqual([]);
    await screenshot(page, 'trial-ended-on-words-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'trial-ended-on-words-375');

    // The other tab was told once, by its clock and by the 402 its dialogue's read got.
    await other.bringToFront();
    // Its toast is drawn on the context's paused clock too: a little at a time. The tab times the end by
    // its own estimate of the server's clock, which a busy machine may put up to a second later.
    const toasts = other.locator('[data-sonner-toast]');
    for (let step = 0; step < 100 && (await toasts.count()) === 0; step++) {
      await page.clock.runFor(15);
      await Bun.sleep(100);
    }
    await toasts.first().waitFor();
    expect(await other.locator('[data-sonner-toast]').count()).toBe(1);

    await page.clock.runFor(1000);
    await page.waitForURL('**/paywall');
    await page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).waitFor();
    await other.waitForURL('**/paywall');
    await context.close();
  });

  test('a subscription cancelled at its period end: All Words drops its premium words at that end and says the subscription ended', async () => {
    const { page, context } = await app.newPage();
    const user = await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    setTrialEnd(app, user.email, Date.now() - 60_000);
    const paid = await page.evaluate(async () => {
      const post = (path: string, body: object) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return [
        (await post('/api/subscription/demo-checkout', { planId: 'monthly' })).status,
        (await post('/api/subscription/cancel', {})).status,
      ];
    });
    expect(paid).toEqual([200, 200]);
    const end = Date.now() + 10_000;
    setPeriodEnd(user.email, end);

    await allWordsWithPremium(page);
    await passTheEnd(page, end);
    await page.locator('[data-sonner-toast]', { hasText: 'Subscription Ended' }).waitFor();
    expect(await page.getByText('Your subscription has ended. Subscribe again to keep full access.').isVisible()).toBe(true);
    await page.clock.runFor(1000);
    await page.waitForURL('**/paywall');
    await context.close();
  });
});

/** A subscription's paid period, written into the app's file as its end. */
function setPeriodEnd(email: string, endMs: number) {
  inAppDatabase(app, (db) =>
    expect(
      db.query('UPDATE subscriptions SET current_period_end = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)').run(endMs, email)
        .changes,
    ).toBe(1),
  );
}
