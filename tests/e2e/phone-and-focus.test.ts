import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { registerInBrowser, screenshot, SCREENSHOTS, startApp, type E2EApp } from './harness';

/** The card on a phone and the keyboard's focus (issue 26, finding 6). */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A learner on All Words, the welcome popup already seen, the first card up. */
async function learnerOnWords(width: number, height: number) {
  const { page, context } = await app.newPage(width, height);
  await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
  await registerInBrowser(page);
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  return { page, context };
}

/** Whether an element lies wholly inside the window as it is (nothing scrolled for it). */
async function onScreen(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

describe('a phone of 375 by 812', () => {
  test("a revealed card's answer buttons are on the screen without scrolling, under a compact header", async () => {
    const { page, context } = await learnerOnWords(375, 812);
    // The welcome toast stands under the header, not over it.
    await page.locator('[data-sonner-toast]').first().waitFor();
    const header = (await page.locator('.site-header').boundingBox())!;
    // The list the toasts slide into (a toast's own box moves while it slides in).
    expect((await page.locator('[data-sonner-toaster]').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The navigation is a wrapped row of compact pills under the name and the account actions (docs/decisions/0074).
    expect(header.height).toBeLessThan(812 * 0.2);

    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /I know it/ }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await onScreen(page, '.answer-right')).toBe(true);
    expect(await onScreen(page, '.answer-wrong')).toBe(true);
    // The page is as wide as the phone: the pills wrap inside it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: join(SCREENSHOTS, 'card-revealed-375-screen.png') });
    await screenshot(page, 'card-revealed-375');

    // A card whose word is new marks it on one line.
    const badge = page.locator('.vocab-badge.new');
    if (await badge.count()) {
      const lines = await badge.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
    }
    await context.close();
  });
});

describe('the focus', () => {
  test('the shortcuts dialog holds the focus, Escape closes it and the focus comes back', async () => {
    const { page, context } = await learnerOnWords(1280, 800);
    const opener = page.getByRole('button', { name: /Keyboard shortcuts/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  test('after an answer the focus stays in the card, so the next Tab reaches its controls and not the footer', async () => {
    const { page, context } = await learnerOnWords(1280, 800);
    await page.getByRole('button', { name: 'Reveal Now' }).click();
    await page.getByRole('button', { name: /I know it/ }).click();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.waitForFunction(() => document.activeElement !== document.body);
    expect(await page.evaluate(() => !!document.activeElement?.closest('.flash-card'))).toBe(true);
    // Space still reveals from there, and the focus stays in the card as Reveal Now goes.
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /I know it/ }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.flash-card'))).toBe(true);
    await screenshot(page, 'card-revealed-1280');
    await context.close();
  });
});

describe('typed answers', () => {
  test('an accepted other spelling is marked in its own style, not in the yellow of a mistake', async () => {
    const { page, context } = await app.newPage(1280, 800);
    await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
    const deck = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/words' && r.ok());
    await registerInBrowser(page);
    const words = (await (await deck).json()) as { english: string; lebanese: string }[];
    await page.getByLabel('Type my answer').check();
    const field = page.getByLabel('Type it in Lebanese');
    // The course's spelling with its last letter doubled: the same word, spelt another common way.
    for (;;) {
      await field.waitFor();
      const english = await page.locator('.flash-card-english').textContent();
      const word = words.find((w) => w.english === english)!;
      const doubled = /\p{L}$/u.test(word.lebanese);
      await field.fill(doubled ? `${word.lebanese}${word.lebanese.at(-1)}` : word.lebanese);
      await field.press('Enter');
      await page.getByText(/^Right!/).waitFor();
      if (doubled) break;
      await page.keyboard.press('Enter');
    }
    await expect(page.locator('.letter-diff').count()).resolves.toBe(0);
    const variant = page.locator('.letter-variant').first();
    await variant.waitFor();
    const style = await variant.evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      line: getComputedStyle(el).textDecorationLine,
    }));
    expect(style.background).toBe('rgba(0, 0, 0, 0)');
    expect(style.line).toBe('underline');
    await screenshot(page, 'typed-variant-1280');
    await context.close();
  });
});
