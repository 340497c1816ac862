import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { registerInBrowser, screenshot, setTrialEnd, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const secondsText = (page: Page) => page.locator('[data-unit="seconds"]').textContent();

async function waitForSecondsToChange(page: Page) {
  const before = await secondsText(page);
  await page.waitForFunction((prev) => document.querySelector('[data-unit="seconds"]')?.textContent !== prev, before, { timeout: 5000 });
  expect(await secondsText(page)).not.toBe(before);
}

describe('trial and subscription screens', () => {
  test('a new account sees its trial counting down every second, the progress bar and the plans with computed savings', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    await page.goto('/subscription');
    await page.locator('.status-badge', { hasText: 'Trial' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Subscription', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Your free trial ends in', { exact: true }).isVisible()).toBe(true);
    // A fresh trial: 6 full days and some hours left, ticking (in its first second it still reads 7 days).
    await waitForSecondsToChange(page);
    expect(await page.locator('[data-unit="days"]').textContent()).toBe('06');
    expect(await page.getByRole('progressbar', { name: 'Trial days remaining' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByText('7 of 7 trial days left').isVisible()).toBe(true);

    // 12 × 6.99 = 83.88 against 50: 40% and $33.88 (docs/decisions/0003-trial-and-billing.md), never the 15% of the paywall's text.
    expect(await page.getByText('Save 40%').isVisible()).toBe(true);
    expect(await page.getByText('$33.88 a year less than paying monthly', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to the Monthly plan' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Subscribe to the Yearly plan' }).isVisible()).toBe(true);
    await screenshot(page, 'subscription-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'subscription-375');

    // /subscribe is the same screen; the Settings tab shows the same countdown.
    await page.goto('/subscribe');
    await page.locator('.status-badge', { hasText: 'Trial' }).waitFor();
    await page.goto('/settings?tab=subscription');
    await waitForSecondsToChange(page);
    await context.close();
  });

  test('the paywall shows both plans with the savings, and a visitor is asked to log in before subscribing', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/paywall');
    await page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).waitFor();
    await page.getByText('Save 40%').waitFor();
    expect(await page.getByText('$6.99', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('$50.00', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('$33.88 a year less than paying monthly', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'paywall-1280');

    await page.getByRole('button', { name: 'Subscribe to the Yearly plan' }).click();
    await page.getByText('Please log in').waitFor();
    expect(await page.getByText('You need to be logged in to subscribe.').isVisible()).toBe(true);
    expect(page.url()).toEndWith('/paywall');
    await page.getByRole('link', { name: 'Log in to subscribe' }).click();
    await page.waitForURL(/\/auth\?redirect=%2Fpaywall/);
    await context.close();

    const narrow = await app.newPage(375);
    await narrow.page.goto('/paywall');
    await narrow.page.getByText('Save 40%').waitFor();
    await screenshot(narrow.page, 'paywall-375');
    await narrow.context.close();
  });

  test('a trial that runs out while the learner watches reads Expired and sends them to the paywall', async () => {
    const { page, context } = await app.newPage();
    const user = await registerInBrowser(page);
    setTrialEnd(app, user.email, Date.now() + 8000);
    await page.goto('/settings?tab=subscription');
    await page.locator('[data-unit="seconds"]').waitFor();
    await page.getByRole('timer').getByText('Expired').waitFor({ timeout: 15_000 });
    await page.getByText('Trial Period Ended').waitFor();
    expect(
      await page
        .getByText('Subscribe now to unlock full access and keep all your valuable progress! Your learning journey awaits.')
        .isVisible(),
    ).toBe(true);
    await page.waitForURL('**/paywall');
    await page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).waitFor();

    // On /subscription the expired learner stays, to choose a plan (docs/product-rules.md#tiers: no redirect from there).
    await page.goto('/subscription');
    await page.locator('.status-badge', { hasText: 'Inactive' }).waitFor();
    expect(await page.getByRole('timer').textContent()).toBe('Expired');
    expect(await page.getByText('0 of 7 trial days left').isVisible()).toBe(true);
    expect(page.url()).toEndWith('/subscription');
    await context.close();
  });

  test('an account whose trial already ended is sent from the Settings tab to the paywall, where checkout can be started and abandoned', async () => {
    const { page, context } = await app.newPage();
    const user = await registerInBrowser(page);
    setTrialEnd(app, user.email, Date.now() - 60_000);
    await page.goto('/settings?tab=subscription');
    await page.waitForURL('**/paywall');
    await page.getByText('Trial Period Ended').waitFor();
    // The toast comes from Settings before it sends the learner on; its plan buttons have the same
    // names as the paywall's until the paywall is drawn.
    await page.getByRole('heading', { name: 'Your Free Trial Has Ended' }).waitFor();

    // Subscribing from the paywall goes to the demo checkout in this tab; Cancel comes back.
    await page.getByRole('button', { name: 'Subscribe to the Monthly plan' }).click();
    await page.waitForURL(/\/demo-checkout\?plan=monthly/);
    await page.getByText('Demo checkout', { exact: true }).waitFor();
    expect(await page.getByText('No real payment is taken.', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay $6.99' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
    await page.getByText('Subscription Canceled').waitFor();
    await page.locator('.status-badge', { hasText: 'Inactive' }).waitFor();
    await context.close();
  });

  test('demo checkout turns the navigation Premium in every open tab without a reload; cancelling shows the end date', async () => {
    const { page: other, context } = await app.newPage();
    await registerInBrowser(other);
    const upgrade = other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upgrade' });
    await upgrade.waitFor();
    // Marks both documents: a reload would wipe the marks.
    await other.evaluate(() => ((window as unknown as { mark: number }).mark = 1));

    const page = await context.newPage();
    await page.goto('/subscription');
    await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
    // Checkout opens in a new tab (docs/product-rules.md#subscription), the demo's too; this page stays where it is.
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Subscribe to the Yearly plan' }).click(),
    ]);
    await checkout.waitForURL(/\/demo-checkout\?plan=yearly/);
    expect(new URL(page.url()).pathname).toBe('/subscription');
    expect(await checkout.evaluate(() => window.opener)).toBeNull();
    await checkout.getByRole('button', { name: 'Pay $50.00' }).click();
    await checkout.waitForURL((url) => url.pathname === '/subscription' && url.search === '');
    await checkout.getByText('Success!').waitFor();
    // The page that started the checkout turns Active live.
    await page.locator('.status-badge', { hasText: 'Active' }).waitFor();
    expect(await page.getByText('Yearly plan', { exact: false }).first().isVisible()).toBe(true);

    // The other tab heard the `subscription` event and refetched: Premium, same document.
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium' }).waitFor();
    expect(await other.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);

    const status = await (await page.request.get('/api/subscription/status')).json();
    const endDate = format(new Date(status.currentPeriodEnd), 'MMM d, yyyy');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await dialog.getByText(endDate).waitFor();
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription Cancelled').waitFor();
    expect(await page.getByText(`You keep Premium until ${endDate}.`, { exact: false }).isVisible()).toBe(true);
    await page.getByText('Premium access ends on').waitFor();
    expect(await page.locator('.warning-notice').textContent()).toContain(endDate);
    // Access lasts to the period end: still Premium, and the plan can be resumed.
    expect(await page.getByRole('button', { name: 'Resume subscription' }).isVisible()).toBe(true);
    expect(await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium' }).isVisible()).toBe(true);
    await screenshot(page, 'subscription-cancelled-1280');
    await context.close();
  });
});
