import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { answerCardFromKeyboard, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

/** What a learner minds on the screens they use most (issue 42): one journey each, at both widths where it is a layout. */
let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** A signed-in learner on All Words, the welcome popup already seen, the first card up. */
async function learnerOnWords(width = 1280, height = 900) {
  const { page, context } = await app.newPage(width, height);
  await context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
  const user = await registerInBrowser(page);
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  return { page, context, user };
}

/** The server's clock cannot be moved from a browser test: a learner's data is changed in the app's file. */
function inDatabase<T>(change: (db: Database) => T): T {
  const db = new Database(join(app.dir, 'app.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    return change(db);
  } finally {
    db.close();
  }
}

describe('the flash card', () => {
  test("'New word!' shows on no review card, though this browser has forgotten which words it saw", async () => {
    const { page, context, user } = await learnerOnWords();
    await answerCardFromKeyboard(page);
    await page.locator('.streak-current', { hasText: /^1$/ }).waitFor();
    // The card's word falls due; the browser that saw it is another one.
    inDatabase((db) => db.run('update review_cards set due = due - 86400000 where user_id = (select id from users where email = ?)', [user.email]));
    await page.evaluate(() => localStorage.removeItem('seenWords'));
    await page.goto('/words?mode=review');
    await page.getByTestId('review-left').filter({ hasText: '1 word due' }).waitFor();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    expect(await page.locator('.vocab-badge.new').isVisible()).toBe(false);
    await context.close();
  });

  test('a typed answer counts as it is judged: the streak beside "Not quite." is already the one it left', async () => {
    const { page, context } = await learnerOnWords();
    await answerCardFromKeyboard(page);
    await page.locator('.streak-current', { hasText: /^1$/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Type my answer' }).check();
    await page.getByLabel('Type it in Lebanese').fill('qqqq');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.locator('.typed-verdict', { hasText: 'Not quite.' }).waitFor();
    await page.locator('.streak-current', { hasText: /^0$/ }).waitFor();
    // Going on sends nothing more: the answer was counted once.
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/progress')) sent.push(r.url());
    });
    await page.getByRole('button', { name: 'Next word' }).click();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.locator('.streak-current', { hasText: /^0$/ }).waitFor();
    expect(sent).toEqual([]);
    await context.close();
  });
});

describe('the paywall', () => {
  test('a learner still in their trial is not told it has ended', async () => {
    const { page, context } = await learnerOnWords();
    await page.goto('/paywall');
    await page.getByText('Your free trial is still running: 7 days left.').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Keep Learning After Your Trial');
    await screenshot(page, 'paywall-in-trial-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'paywall-in-trial-375');
    await context.close();
  });
});

describe('the letters game', () => {
  test('number options are chosen by their own number, so a key cannot pick another option', async () => {
    const { page, context } = await learnerOnWords();
    const letters = (await (await page.request.get('/api/letters')).json()) as { number: number; arabizi: string; arabic: string }[];
    const card = page.locator('.letters-card');
    // The question is drawn at random: a new one on each load until one shows a letter and offers numbers.
    for (let i = 0; i < 60; i++) {
      await page.goto('/letters');
      await card.locator('.letters-type').waitFor();
      if ((await card.locator('.letters-prompt').first().textContent()) === 'Which number writes this letter?') break;
    }
    const options = card.locator('.letters-option');
    expect(await options.count()).toBe(4);
    for (const option of await options.all()) expect(await option.getAttribute('aria-keyshortcuts')).toBe((await option.textContent())!.trim());
    await screenshot(page, 'letters-number-options-1280');
    const shown = (await card.locator('.letters-big').textContent())!.trim();
    const right = letters.find((l) => l.arabic === shown)!;
    await page.keyboard.press(right.arabizi);
    await card.getByText(/^Correct!/).waitFor();
    await context.close();
  });
});

describe('the lesson list', () => {
  test("a lesson's summary shows its emphasis as emphasis, never as asterisks, at both widths", async () => {
    const { page, context } = await learnerOnWords();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/lessons');
      const summaries = page.locator('.lesson-card-description');
      await summaries.first().waitFor();
      expect((await summaries.allTextContents()).filter((text) => text.includes('*'))).toEqual([]);
      const telling = page.locator('.lesson-card', { hasText: 'Telling the time' });
      expect(await telling.locator('.lesson-card-description em').allTextContents()).toContain('el sa3a tlete');
      await telling.scrollIntoViewIfNeeded();
      await screenshot(page, `lesson-list-${width}`);
    }
    await context.close();
  });
});
