import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createSpellingService } from '../../src/modules/spelling/service';
import { judgeTyped } from '../../src/shared/judge';
import { registerInBrowser, screenshot, SCREENSHOTS, startApp, type E2EApp } from './harness';

/** Issue 14's additions: arabizi-tolerant answers, typed answers, reports on content, keyboard help. */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const ROOT = resolve(import.meta.dir, '../..');

interface Word {
  id: number;
  english: string;
  lebanese: string;
}

/** A learner on All Words with the welcome popup already seen, and the words of the deck. */
async function learnerOnWords(width = 1280) {
  const { page, context } = await app.newPage(width);
  await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
  const deck = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/words' && r.ok());
  await registerInBrowser(page);
  const words = (await (await deck).json()) as Word[];
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  return { page, context, words };
}

/** The word on the card, by the English it shows. */
async function shownWord(page: Page, words: Word[]) {
  const english = (await page.locator('.flash-card-english').textContent())!;
  return words.find((w) => w.english === english)!;
}

/** One letter of a word changed to a letter no spelling habit folds away. */
const nearMiss = (text: string) => `${text.slice(0, -1)}${text.endsWith('q') ? 'z' : 'q'}`;

const lexicon = createSpellingService(join(ROOT, 'content')).lexicon();

/**
 * The word on the card, once it is one whose near miss the card calls Almost: a few are not ('fi', a
 * phrase ending in '...?', where the last letter is not one of the key's), and the card is random, so
 * those are answered right and passed.
 */
async function cardWithNearMiss(page: Page, words: Word[]) {
  for (;;) {
    const word = await shownWord(page, words);
    if (judgeTyped(nearMiss(word.lebanese), word.lebanese, lexicon) === 'almost') return word;
    await page.getByLabel('Type it in Lebanese').fill(word.lebanese);
    await page.getByLabel('Type it in Lebanese').press('Enter');
    await page.getByText(/^Right!/).waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.typed-result').waitFor({ state: 'detached' });
  }
}

/** A recommended answer written with other spelling habits: no 2, a for 3, h for 7, single letters. */
const respelt = (text: string) =>
  text
    .toLowerCase()
    .replace(/\bahwe\b/g, '2ahwe')
    .replace(/7/g, 'h')
    .replace(/3/g, 'a')
    .replace(/([b-df-hj-np-tv-z])\1/g, '$1')
    .replace(/e/g, 'i');

describe('beyond the spec (issue 14)', () => {
  test('a sentence answered in another arabizi spelling is a Great Job', async () => {
    const { page, context } = await app.newPage(1280);
    await registerInBrowser(page);
    await page.goto('/lessons');
    const question = page.waitForResponse((r) => r.url().includes('/api/sentences/random/') && r.ok());
    await page.getByRole('button', { name: 'Start Practice' }).click();
    const sentence = (await (await question).json()) as { contexts: { context: string; recommended_answer: string }[] };
    const scenario = (await page.locator('.scenario p').textContent())!;
    const recommended = sentence.contexts.find((c) => c.context === scenario)!.recommended_answer;
    const written = respelt(recommended);
    expect(written).not.toBe(recommended.toLowerCase());
    await page.getByLabel('Your answer').fill(written);
    const judged = page.waitForResponse((r) => r.url().endsWith('/api/sentences/answer'));
    await page.getByLabel('Your answer').press('Enter');
    expect(await (await judged).json()).toMatchObject({ isCorrect: true, evaluatedBy: 'local', userAnswer: written });
    await page.getByRole('heading', { name: 'Great Job!' }).waitFor();
    await context.close();
  });

  test('a typed near miss shows the marked letter and counts as Still learning; the option is remembered', async () => {
    const { page, context, words } = await learnerOnWords();
    const toggle = page.getByRole('checkbox', { name: 'Type my answer' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();

    const word = await cardWithNearMiss(page, words);
    const typed = nearMiss(word.lebanese);
    await page.getByLabel('Type it in Lebanese').fill(typed);
    // The judged answer is sent as it is judged, not when the learner goes on.
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/words/${word.id}/progress`) && r.method() === 'POST');
    await page.getByLabel('Type it in Lebanese').press('Enter');
    await page.getByText('Almost! One letter is off.').waitFor();
    expect((await sent).postDataJSON()).toMatchObject({ correct: false });
    const result = page.locator('.typed-result');
    expect(await result.locator('dd').first().locator('mark').allTextContents()).toEqual([typed.slice(-1)]);
    expect(await result.locator('dd').nth(1).locator('mark').allTextContents()).toEqual([word.lebanese.slice(-1)]);
    expect(await page.getByText('Counted as Still learning').isVisible()).toBe(true);
    await screenshot(page, 'typed-answer-1280');

    await page.keyboard.press('Enter');

    // Right in another spelling: the keys agree (read off the next card, once the result has gone).
    await page.locator('.typed-result').waitFor({ state: 'detached' });
    const next = await shownWord(page, words);
    const other = next.lebanese.replace(/7/g, 'h').replace(/3/g, 'a').replace(/2/g, '');
    await page.getByLabel('Type it in Lebanese').fill(other === next.lebanese ? next.lebanese.toUpperCase() : other);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(/^Right!/).waitFor();
    expect(await page.getByText('Counted as I know it').isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('checkbox', { name: 'Type my answer' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Type my answer' }).isChecked()).toBe(true);

    // The same learner on a phone.
    const phone = await app.browser.newContext({
      baseURL: app.baseUrl,
      viewport: { width: 375, height: 800 },
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.goto('/words');
    await small.getByLabel('Type it in Lebanese').waitFor();
    const onPhone = await cardWithNearMiss(small, words);
    await small.getByLabel('Type it in Lebanese').fill(nearMiss(onPhone.lebanese));
    await small.getByLabel('Type it in Lebanese').press('Enter');
    await small.getByText('Almost! One letter is off.').waitFor();
    await screenshot(small, 'typed-answer-375');
    await phone.close();
    await context.close();
  });

  test('a number typed as digits is right, with its spelled form shown (docs/decisions/0069)', async () => {
    const digits: Record<string, string> = {
      one: '1',
      two: '2',
      three: '3',
      four: '4',
      five: '5',
      six: '6',
      seven: '7',
      eight: '8',
      nine: '9',
      ten: '10',
    };
    const { page, context } = await app.newPage(1280);
    await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
    // The deck the page reads holds only the unlocked numbers from one to ten, so the random card is one of them.
    await page.route(
      (url) => url.pathname === '/api/words',
      async (route) => {
        const response = await route.fetch();
        const all = (await response.json()) as Word[];
        await route.fulfill({ response, json: all.filter((w) => digits[w.english]) });
      },
    );
    const deck = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/words' && r.ok());
    await registerInBrowser(page);
    const words = (await (await deck).json()) as Word[];
    expect(words.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.getByLabel('Type my answer').check();
    const field = page.getByLabel('Type it in Lebanese');
    await field.waitFor();
    const word = await shownWord(page, words);
    const digit = digits[word.english]!;
    await field.fill(digit);
    await field.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Right! ${digit} is written ${word.lebanese}.` })
      .waitFor();
    const result = page.locator('.typed-result');
    await expect(result.locator('dd').first().textContent()).resolves.toBe(digit);
    await expect(result.locator('dd').nth(1).textContent()).resolves.toBe(word.lebanese);
    expect(await page.getByText('Counted as I know it').isVisible()).toBe(true);
    await screenshot(page, 'typed-digits-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'typed-digits-375');
    await context.close();
  });

  test('a report on a word appears in content:reports at its file and line, and --resolve closes it', async () => {
    const { page, context, words } = await learnerOnWords();
    await page.keyboard.press('Space');
    const word = await shownWord(page, words);
    expect(await page.getByRole('button', { name: 'Report' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: "This isn't how we say it" });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Wrong spelling' }).check();
    await dialog.getByLabel('How would you say it? (optional)').fill(`${word.lebanese}e`);
    await dialog.getByLabel('Note (optional)').fill('My family in Zahle says it this way.');
    // The viewport only: a full-page capture stretches the page under the fixed backdrop.
    await page.screenshot({ path: join(SCREENSHOTS, 'report-form-1280.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: join(SCREENSHOTS, 'report-form-375.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/reports'));
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(201);
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Thank you!' }).waitFor();
    expect(await dialog.count()).toBe(0);

    const run = (...args: string[]) => {
      const child = Bun.spawnSync([process.execPath, 'scripts/content-reports.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(app.dir, 'app.db') },
      });
      return child.stdout.toString();
    };
    const listing = run();
    const found = listing.match(
      new RegExp(`(words/[\\w-]+\\.yaml):(\\d+)  #(\\d+)  Wrong spelling: ${word.lebanese.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`),
    );
    expect(found).not.toBeNull();
    const [, file, line, id] = found!;
    expect(readFileSync(join(ROOT, 'content', file), 'utf8').split('\n')[Number(line) - 1]).toContain(word.english);
    expect(listing).toContain(`suggestion: ${word.lebanese}e`);
    expect(listing).toContain('note: My family in Zahle says it this way.');
    expect(run('--resolve', id)).toBe(`Report #${id} is resolved.\n`);
    expect(run()).not.toContain(`#${id} `);
    await context.close();
  });

  test('Space pressed as the card is first drawn reveals it', async () => {
    const { page, context } = await app.newPage(1280);
    // The key goes in as soon as the app shows the card's word, before the browser has painted it: the
    // app's first render, or its hydration of the card the server drew (its mark leaves the page then).
    await context.addInitScript(() => {
      localStorage.setItem('popup-seen:home', 'true');
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.flash-card-english')?.textContent || document.querySelector('#root[data-prerendered]')) return;
        observer.disconnect();
        const handled = !window.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', cancelable: true }));
        sessionStorage.setItem('space-handled', String(handled));
      }).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['data-prerendered'],
      });
    });
    await registerInBrowser(page);
    await page.goto('/words');
    await page.locator('.flash-card-english').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('space-handled'))).toBe('true');
    await page.getByRole('button', { name: /I know it/ }).waitFor();
    await context.close();
  });

  test('? opens the keyboard help of the screen and Escape closes it; nothing fires while typing', async () => {
    const { page, context } = await learnerOnWords();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.getByText('Reveal the answer').isVisible()).toBe(true);
    expect(await help.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'keyboard-help-1280.png') });
    // The card's keys stand still under the overlay.
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: 'Reveal Now' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.getByRole('checkbox', { name: 'Type my answer' }).check();
    await page.getByLabel('Type it in Lebanese').fill('shu?');
    expect(await help.count()).toBe(0);
    expect(await page.getByLabel('Type it in Lebanese').inputValue()).toBe('shu?');

    // Which Word: 1–4 choose, and not while the help is open.
    await page.goto('/which-word/Greetings');
    await page.locator('.ww-option').first().waitFor();
    await page.keyboard.press('?');
    await help.waitFor();
    expect(await help.getByText('Choose that option').isVisible()).toBe(true);
    await page.keyboard.press('2');
    expect(await page.locator('.ww-result').count()).toBe(0);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.keyboard.press('2');
    await page.locator('.ww-result').waitFor();
    expect(await page.locator('.ww-option').nth(1).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
