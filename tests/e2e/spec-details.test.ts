import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { registerInBrowser, setTrialEnd, startApp, type E2EApp } from './harness';

/**
 * The differences from the specification found by walking every screen in Chromium (issue 16), one
 * journey each. Timings that the spec fixes (toasts, retry waits) are read on Playwright's paused clock,
 * never on the wall clock.
 */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A signed-in learner past the welcome dialog, on All Words. */
async function learner(width = 1280) {
  const { page, context } = await app.newPage(width, 900);
  const user = await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  return { page, context, user };
}

const toasts = (page: Page, title: string) => page.locator('[data-sonner-toast]', { hasText: title });

/** A toast about to show is still there 1.5 s after it shows and gone by 3 s, on the page's paused clock. */
async function expectShownFor1_5To3s(page: Page, toast: ReturnType<typeof toasts>) {
  await toast.waitFor();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  await page.clock.runFor(1400);
  expect(await toast.isVisible()).toBe(true);
  await page.clock.runFor(1500);
  await page.clock.runFor(1000);
  await toast.waitFor({ state: 'detached', timeout: 2000 });
}

describe('the details of the specification', () => {
  test('the trial ends on the page at its end time: no Trial badge or open topics beside Expired, and the status read after the end says so', async () => {
    const { page, context, user } = await learner();
    setTrialEnd(app, user.email, Date.now() + 4000);
    const reads: { status: string }[] = [];
    // A read the page no longer holds when its body is asked for (the end sets off reads from every screen) is not one of these.
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/subscription' && res.ok())
        res.json().then(
          (body: { status: string }) => reads.push(body),
          () => {},
        );
    });
    await page.goto('/subscription');
    await page.locator('[data-unit="seconds"]').waitFor();
    // Read in the very frame the timer first says Expired.
    const seen = await page.waitForFunction(
      () => {
        if (document.querySelector('[role="timer"]')?.textContent !== 'Expired') return null;
        return {
          badge: document.querySelector('.status-badge')?.textContent,
          line: document.querySelector('.status-line')?.textContent,
          days: document.querySelector('.trial-progress .muted')?.textContent,
        };
      },
      undefined,
      { timeout: 15_000, polling: 'raf' },
    );
    expect(await seen.jsonValue()).toEqual({
      badge: 'Inactive',
      line: expect.stringContaining('Your free trial has ended.'),
      days: '0 of 7 trial days left',
    });
    // The refetch the end sets off is sent after the server's end: it answers expired, not trial.
    for (let i = 0; i < 50 && reads.at(-1)?.status !== 'expired'; i++) await page.waitForTimeout(100);
    expect(reads.at(-1)?.status).toBe('expired');
    expect(await page.locator('.status-badge').textContent()).toBe('Inactive');
    await context.close();
  });

  test('checkout opens in a new tab, the demo checkout too, on localhost as on 127.0.0.1 (APP_URL)', async () => {
    const localhost = app.baseUrl.replace('127.0.0.1', 'localhost');
    const context = await app.browser.newContext({
      baseURL: localhost,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'Fly-Client-IP': '10.8.0.1' },
    });
    const page = await context.newPage();
    await registerInBrowser(page);
    await page.goto('/subscription');
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Subscribe to the Monthly plan' }).click(),
    ]);
    await checkout.waitForURL((url) => url.origin === localhost && url.pathname === '/demo-checkout');
    expect(new URL(page.url()).pathname).toBe('/subscription');
    await checkout.getByRole('button', { name: 'Pay $6.99' }).click();
    await checkout.waitForURL((url) => url.origin === localhost && url.pathname === '/subscription');
    await checkout.getByText('Success!').waitFor();
    await page.locator('.status-badge', { hasText: 'Active' }).waitFor();
    await context.close();
  });

  test('/lesson/2abc reads the id as an integer: it is lesson 2', async () => {
    const { page, context } = await learner();
    const lessons: { id: number; name: string }[] = await (await page.request.get('/api/lessons')).json();
    const second = lessons.find((l) => l.id === 2)!;
    await page.goto('/lesson/2abc');
    await page.getByRole('heading', { name: second.name, level: 1 }).waitFor();
    await page.goto('/lesson/abc');
    await page.getByRole('heading', { name: 'Lesson not found' }).waitFor();
    await context.close();
  });

  test('after clicking Flag for practice with the mouse, Space reveals the card and leaves the flag as it is', async () => {
    const { page, context } = await learner();
    const flag = page.getByRole('button', { name: /Flag for practice|Flagged/ });
    await flag.click();
    await page.getByRole('button', { name: 'Flagged', pressed: true }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'I know it' }).waitFor();
    expect(await flag.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  test('a crash caught by the error screen is reported to the client-error call', async () => {
    const { page, context } = await learner();
    // Statistics of a shape the page cannot draw: the page throws while rendering.
    await page.route('**/api/stats', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ achievements: 5 }) }),
    );
    const report = page.waitForRequest((r) => r.url().endsWith('/api/log/client-error') && r.method() === 'POST');
    await page.getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    const body = (await report).postDataJSON();
    expect(body.error).toBeTruthy();
    expect(body.stack).toBeTruthy();
    await context.close();
  });

  test("the sentence 'Error' toast stays between 1.5 and 3 s", async () => {
    const { page, context } = await learner();
    await page.clock.install();
    await page.route('**/api/sentences/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","error":"Internal Server Error"}' }),
    );
    await page.goto('/lessons');
    await page.getByRole('button', { name: 'Start Practice' }).click();
    await page.getByLabel('Your answer').fill('baddi ahwe');
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    // The client tries twice more (1 s, 2 s) before it gives up.
    await page.clock.runFor(3000);
    const toast = toasts(page, 'Something went wrong with answer evaluation.');
    await expectShownFor1_5To3s(page, toast);
    await context.close();
  });

  test("the 'Lesson completed' toast stays between 1.5 and 3 s", async () => {
    const { page, context } = await learner();
    await page.clock.install();
    await page.goto('/lessons');
    await page.getByRole('link', { name: /Greetings and courtesy/ }).click();
    await page.waitForURL(/\/lesson\/\d+$/);
    const total = Number((await page.locator('.step-count').textContent())!.match(/Step 1 of (\d+)/)![1]);
    const next = page.locator('.step-actions .button');
    for (let step = 1; step <= total; step++) {
      await page.waitForFunction((s) => document.querySelector('.step-count')?.textContent === s, `Step ${step} of ${total}`);
      const options = page.locator('.lesson-option');
      if ((await options.count()) > 0) {
        await options.first().click();
        await page.locator('.practice-explanation').waitFor();
      }
      await next.click();
    }
    const toast = toasts(page, 'Lesson completed');
    await expectShownFor1_5To3s(page, toast);
    await context.close();
  });

  test('a which-word answer that fails to save is tried again after 500 ms, then 1 s', async () => {
    const { page, context } = await learner();
    let tries = 0;
    await page.route('**/api/words/*/progress', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      tries++;
      if (tries <= 2)
        return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"busy","error":"Service Unavailable"}' });
      return route.continue();
    });
    await page.clock.install();
    await page.goto('/which-word');
    await page.getByRole('link', { name: /^Family/ }).click();
    await page.locator('.ww-option').first().waitFor();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const failed = page.waitForResponse((r) => r.url().includes('/progress') && r.status() === 503);
    await page.locator('.ww-option').first().click();
    await failed;
    await page.waitForTimeout(100);
    await page.clock.runFor(499);
    await page.waitForTimeout(100);
    expect(tries).toBe(1);
    const second = page.waitForResponse((r) => r.url().includes('/progress') && r.status() === 503);
    await page.clock.runFor(2);
    await second;
    expect(tries).toBe(2);
    await page.waitForTimeout(100);
    await page.clock.runFor(998);
    await page.waitForTimeout(100);
    expect(tries).toBe(2);
    const saved = page.waitForResponse((r) => r.url().includes('/progress') && r.ok());
    await page.clock.runFor(2);
    await saved;
    expect(tries).toBe(3);
    await context.close();
  });
});
