import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { registerInBrowser, startApp, undrawn, type E2EApp } from './harness';

/**
 * Controls whose effect no other journey followed to its end (issue 16's list): each is pressed here and
 * what it should change is checked, in the browser and where it matters on the server.
 */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

async function learner(width = 1280) {
  const { page, context } = await app.newPage(width, 900);
  const user = await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  return { page, context, user };
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('controls no other journey follows to the end', () => {
  test("a visitor's ways in: the trial button, the try deck's sign-up, the guest game's log-in, and back from the reset page", async () => {
    const { page, context } = await app.newPage();
    await page.goto('/landing');
    await page.getByRole('link', { name: 'Start your free 7-day trial' }).click();
    await page.waitForURL('**/auth?tab=register');
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');

    await page.goto('/landing');
    await page.getByRole('link', { name: 'Sign up to keep going →' }).click();
    await page.getByRole('tab', { name: 'Register', selected: true }).waitFor();

    await page.goto('/letters');
    await page.getByRole('link', { name: 'Log in to save your progress' }).click();
    await page.waitForURL('**/auth?redirect=%2Fletters');

    await page.goto('/request-reset');
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await context.close();
  });

  test("a learner's way-finding links each lead where they say", async () => {
    const { page, context } = await learner();
    await page.goto('/settings?tab=help');
    await page.getByRole('link', { name: 'Request a reset link' }).click();
    await page.waitForURL('**/request-reset');

    await page.goto('/flagged');
    await page.getByRole('link', { name: 'Practice All Words' }).click();
    await page.waitForURL('**/words');

    await page.goto('/lesson/999');
    await page.getByRole('link', { name: 'Back to Lessons' }).click();
    await page.waitForURL('**/lessons');
    await page.goto('/lesson/1');
    await page.getByRole('link', { name: '← All lessons' }).click();
    await page.waitForURL('**/lessons');

    await page.goto('/demo-checkout?plan=lifetime');
    await page.getByRole('heading', { name: 'This checkout link is not valid' }).waitFor();
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await page.getByRole('button', { name: 'Subscribe to the Monthly plan' }).waitFor();
    await context.close();
  });

  test('once the trial has ended, /stats links to the subscription and the paywall lets the learner keep practising for free', async () => {
    const { page, context, user } = await learner();
    const db = new Database(join(app.dir, 'app.db'));
    db.exec('PRAGMA busy_timeout = 5000');
    db.query('UPDATE users SET trial_end_date = ? WHERE email = ?').run(Date.now() - 60_000, user.email);
    db.close();
    await page.goto('/stats');
    await page.getByRole('link', { name: 'See your subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await page.locator('.status-badge', { hasText: 'Inactive' }).waitFor();
    await page.goto('/paywall');
    await page.getByRole('link', { name: 'keep practising for free' }).click();
    await page.waitForURL('**/words');
    await context.close();
  });

  test("'Keep subscription' closes the dialog and leaves the subscription renewing; the paywall then offers to manage it", async () => {
    const { page, context } = await learner();
    const bought = await page.request.post('/api/subscription/demo-checkout', {
      data: { planId: 'monthly' },
      headers: { origin: app.baseUrl },
    });
    expect(bought.status()).toBe(200);
    await page.goto('/subscription');
    await page.locator('.status-badge', { hasText: 'Active' }).waitFor();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.getByRole('button', { name: 'Keep subscription' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Next billing date:').isVisible()).toBe(true);
    expect(await page.getByText('Your subscription is cancelled').count()).toBe(0);
    const status = await (await page.request.get('/api/subscription/status')).json();
    expect(status).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });

    await page.goto('/paywall');
    await page.getByRole('link', { name: 'Manage your subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/subscription');
    await context.close();
  });

  test("the letters game's 'I got it wrong' counts a wrong answer and ends the streak", async () => {
    const { page, context } = await learner();
    await page.goto('/letters');
    const card = page.locator('.letters-card');
    for (let i = 0; i < 40; i++) {
      await card.locator('.letters-type').waitFor();
      const type = await card.locator('.letters-type').textContent();
      if (type === 'Say it') break;
      const shown = await card.elementHandle();
      // Any answer moves the game on; only a 'Say it' question has the buttons under test.
      if (type === 'Fill in the blank') {
        await card.getByLabel('Missing number').fill('9');
        await card.getByRole('button', { name: 'Check' }).click();
      } else await card.getByRole('group', { name: 'Choose an answer' }).getByRole('button').first().click();
      await page.waitForFunction((el) => !el?.isConnected, shown, { timeout: 10_000 });
    }
    expect(await card.locator('.letters-type').textContent()).toBe('Say it');
    await card.getByRole('button', { name: 'Reveal Now' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/letters/progress') && r.request().method() === 'POST');
    await card.getByRole('button', { name: 'I got it wrong' }).click();
    const reply = await saved;
    expect(reply.request().postDataJSON()).toMatchObject({ correct: false });
    expect((await reply.json()).streak).toMatchObject({ currentStreak: 0 });
    await context.close();
  });

  test("word-list practice: 'Practice Again' starts the round again at once", async () => {
    const { page, context } = await learner();
    await page.getByRole('button', { name: /Flag for practice/ }).click();
    await page.getByRole('button', { name: 'Flagged', pressed: true }).waitFor();
    // The flag is saved once the app says so: an address typed before then unloads the page mid-save.
    await page.getByText('Added to practice').waitFor();
    await page.goto('/flagged');
    await page.getByRole('button', { name: 'Reveal Translation' }).click();
    await page.getByRole('button', { name: 'I got it wrong' }).click();
    await page.getByRole('heading', { name: 'Practice complete!' }).waitFor();
    await page.getByRole('button', { name: 'Practice Again' }).click();
    await page.getByRole('button', { name: 'Reveal Translation' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Practice complete!' }).count()).toBe(0);
    await context.close();
  });

  test("the error screen's Refresh Page and Go Home bring the learner back", async () => {
    const { page, context } = await learner();
    await undrawn(context);
    await page.route('**/api/stats', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ achievements: 5 }) }),
    );
    await page.goto('/stats');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.unroute('**/api/stats');
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.getByRole('heading', { name: 'Your Learning Statistics' }).waitFor();

    await page.route('**/api/stats', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ achievements: 5 }) }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL('**/words');
    expect(pathOf(page)).toBe('/words');
    await context.close();
  });

  test("the letters study card opens with 'sounds like', and 'Skip to content' moves the focus to the page", async () => {
    const { page, context } = await learner();
    await page.goto('/study-letters');
    const first = page.locator('button[aria-expanded]').first();
    await first.waitFor();
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await first.locator('.study-details').isVisible()).toBe(true);

    await page.goto('/words');
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#main');
    await context.close();
  });
});
