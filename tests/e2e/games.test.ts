import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { answerLetterRightly, registerInBrowser, screenshot, startApp, type E2EApp, type Letter } from './harness';

interface Question {
  word: { id: number; english: string; arabizi: string };
  options: string[];
}

let app: E2EApp;
let letters: Letter[];
beforeAll(async () => {
  app = await startApp();
  letters = await (await fetch(`${app.baseUrl}/api/letters`)).json();
});
afterAll(async () => {
  await app?.stop();
});

describe('the games', () => {
  test('a which-word round: the topic grid, a right and a wrong answer, progress on the card', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Which Word' }).getAttribute('href')).toBe(
      '/which-word',
    );
    await page.goto('/which-word');
    await page.getByRole('heading', { name: 'Select a Topic for Which Word Game' }).waitFor();
    const family = page.getByRole('link', { name: /^Family/ });
    await expect(family.textContent()).resolves.toMatch(/0 of \d+ words learned.*Not practiced yet/);
    expect(await page.getByRole('link', { name: /^Colors/ }).count()).toBe(0);
    await screenshot(page, 'which-word-topics-1280');

    const roundReply = page.waitForResponse((r) => r.url().includes('/api/which-word/topics/Family'));
    await family.click();
    const questions: Question[] = (await (await roundReply).json()).questions;
    await page.getByText(questions[0].word.english, { exact: true }).waitFor();
    expect(await page.locator('.ww-option').count()).toBe(4);

    await page.getByRole('button', { name: questions[0].word.arabizi, exact: true }).click();
    await page.getByText('Correct! 🎉').waitFor();
    const next = page.getByRole('button', { name: /Please wait...|Next Word/ });
    // Next waits for the save and 2 s more.
    expect(await page.getByRole('button', { name: 'Please wait...' }).isDisabled()).toBe(true);
    await page.locator('.streak').getByText('Streak: 1').waitFor();
    await page.getByRole('button', { name: 'Next Word' }).waitFor();
    await screenshot(page, 'which-word-game-1280');
    await next.click();

    const second = questions[1];
    await page.getByText(second.word.english, { exact: true }).waitFor();
    const wrong = second.options.find((o) => o !== second.word.arabizi)!;
    await page.getByRole('button', { name: wrong, exact: true }).click();
    await page.getByText('Try again!').waitFor();
    await page.locator('.streak').getByText('Streak: 0').waitFor();
    expect(await page.locator('.streak').textContent()).toContain('Best: 1');
    expect(await page.locator('.ww-result').textContent()).toContain(second.word.arabizi);

    await page.getByRole('link', { name: 'Back to Topics' }).click();
    // The grid refetches on return: one word learned, practised today.
    await page.locator('a.ww-topic', { hasText: /^Family1 of \d+ words learnedLast practiced: [A-Z][a-z]{2} \d{1,2}, \d{4}$/ }).waitFor();
    await context.close();
  });

  test('a letters round: a right answer counts on the server; the study cards open and lead back', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    await page.goto('/letters');
    await page.getByRole('heading', { name: 'Letters Practice' }).waitFor();
    await page.locator('.letters-type').waitFor();
    await screenshot(page, 'letters-1280');
    // The streak shows before the server has saved the answer: the count is read once both saves are answered.
    const bothSaved = new Promise<void>((resolve) => {
      let saved = 0;
      page.on(
        'response',
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/letters/progress') && r.ok() && ++saved === 2 && resolve(),
      );
    });
    await answerLetterRightly(page, letters);
    await page.locator('.letters-feedback').getByText('Correct! 🎉').waitFor();
    await page.locator('.streak').getByText('Streak: 1').waitFor();
    // After 1.5 s a new question comes.
    await page.locator('.letters-feedback p').waitFor({ state: 'detached' });
    await answerLetterRightly(page, letters);
    await page.locator('.streak').getByText('Streak: 2').waitFor();
    await bothSaved;
    const progress: Array<{ timesCorrect: number }> = await (await page.request.get('/api/letters/progress')).json();
    expect(progress.reduce((sum, p) => sum + p.timesCorrect, 0)).toBe(2);

    await page.getByRole('link', { name: 'Study Letters' }).click();
    await page.waitForURL('**/study-letters');
    const cards = page.locator('.study-card');
    // The address changes before the screen's code has come and drawn the cards.
    await cards.first().waitFor();
    expect(await cards.count()).toBe(5);
    const seven = page.getByRole('button', { name: /Number 7/ });
    expect(await seven.getAttribute('aria-expanded')).toBe('false');
    await seven.focus();
    await page.keyboard.press('Enter');
    expect(await seven.getAttribute('aria-expanded')).toBe('true');
    await seven.getByText('7abibi').waitFor();
    await screenshot(page, 'study-letters-1280');
    await seven.click();
    expect(await seven.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('link', { name: 'Practice Letters' }).click();
    await page.waitForURL('**/letters');
    await context.close();
  });

  test('a visitor plays on a phone without saving; the games fit 375 px', async () => {
    const { page, context } = await app.newPage(375, 740);
    await page.goto('/which-word');
    await page.getByText('You are playing as a guest').waitFor();
    await page.getByRole('link', { name: /^Family/ }).waitFor();
    await screenshot(page, 'which-word-topics-375');
    await page.getByRole('link', { name: /^Family/ }).click();
    await page.locator('.ww-option').first().waitFor();
    await page.keyboard.press('1');
    await page.locator('.ww-verdict').waitFor();
    // Nothing to save, so Next is ready at once.
    expect(await page.getByRole('button', { name: 'Next Word' }).isEnabled()).toBe(true);
    await screenshot(page, 'which-word-game-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await page.goto('/letters');
    await page.locator('.letters-type').waitFor();
    await screenshot(page, 'letters-375');
    await page.goto('/study-letters');
    await page.getByRole('button', { name: /Number 3/ }).click();
    await screenshot(page, 'study-letters-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
