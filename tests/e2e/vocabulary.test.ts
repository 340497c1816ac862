import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { BATCH_THRESHOLDS } from '../../src/modules/vocabulary/rules';
import { answerCardFromKeyboard, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The same signed-in learner in a second window, e.g. at phone width. */
async function sameLearnerAt(context: BrowserContext, width: number) {
  const narrow = await app.browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width, height: 800 },
    storageState: await context.storageState(),
  });
  return { context: narrow, page: await narrow.newPage() };
}

describe('vocabulary practice in the browser', () => {
  test("a card's countdown drains its bar and reveals the answer when it runs out, not before", async () => {
    const { page, context } = await app.newPage(412, 823);
    await page.clock.install();
    await page.goto('/landing');
    const deck = page.getByRole('region', { name: /Try it now: 10 words/ });
    await deck.getByRole('button', { name: 'Reveal Now' }).waitFor();
    const bar = deck.getByRole('progressbar', { name: 'Time left before the answer is shown' });
    // The countdown runs only while its bar is on the screen (below the fold at this size until scrolled to).
    await bar.scrollIntoViewIfNeeded();
    await bar.evaluate(
      (el) =>
        new Promise<void>((seen) =>
          new IntersectionObserver((entries, observer) => entries.at(-1)!.isIntersecting && (observer.disconnect(), seen())).observe(el),
        ),
    );
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.clock.runFor(1000);
    const left = Number(await bar.getAttribute('aria-valuenow'));
    expect(left).toBeLessThan(100);
    expect(left).toBeGreaterThan(0);
    const leftMs = (left / 100) * 15_000;
    await page.clock.runFor(leftMs - 1000);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(left);
    expect(await deck.getByRole('button', { name: 'I know it' }).count()).toBe(0);
    await page.clock.runFor(2000);
    await deck.getByRole('button', { name: 'I know it' }).waitFor();
    await context.close();
  });

  test('an anonymous visitor practises the landing deck with the streak kept in local storage; flagging needs a login', async () => {
    const { page, context } = await app.newPage();
    await page.goto('/landing');
    const deck = page.getByRole('region', { name: /Try it now: 10 words/ });
    await deck.waitFor();
    await deck.getByRole('button', { name: 'Flag for practice' }).click();
    await toast(page, 'Login required').getByText('You need to log in to flag words for practice.').waitFor();
    expect(await deck.getByRole('button', { name: 'Flag for practice', pressed: false }).count()).toBe(1);
    await answerCardFromKeyboard(page);
    await deck.locator('.streak-current', { hasText: /^1$/ }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('streak'), localStorage.getItem('bestStreak')])).toEqual(['1', '1']);
    await page.reload();
    await page.locator('.streak-best', { hasText: /^1$/ }).waitFor();
    await context.close();
  });

  test('a learner answers cards until batch 2 unlocks, flags a word and clears it from the flagged list', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    // The welcome popup takes the focus once drawn, so Enter closes it.
    await page.waitForFunction(
      () => document.activeElement?.textContent === 'Got it' && document.activeElement.closest('[role=dialog]') !== null,
    );
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'All Words' }).waitFor();
    await page.getByText('Batch 1 of 6').waitFor();
    await page.getByText('Words are never removed once unlocked.').waitFor();
    await page.getByText('New word!').waitFor();

    const needed = BATCH_THRESHOLDS[1];
    for (let i = 1; i <= needed; i++) {
      await answerCardFromKeyboard(page);
      await page.locator('.streak-current', { hasText: new RegExp(`^${i}$`) }).waitFor();
    }
    await toast(page, 'Batch 2 unlocked!').waitFor();
    await page.getByText('Batch 2 of 6').waitFor();
    const batch = await (await page.request.get('/api/words/batch')).json();
    expect(batch.maxUnlockedBatch).toBe(2);
    expect(batch.bestStreak).toBe(needed);
    await screenshot(page, 'vocabulary-words-1280');

    // Flag the word on the card, then take it off the list with three correct answers there.
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    const english = (await page.locator('.flash-card-english').textContent())!;
    await page.getByRole('button', { name: 'Flag for practice' }).click();
    await toast(page, 'Added to practice').waitFor();
    await page.getByRole('button', { name: 'Flagged', pressed: true }).waitFor();

    await page.getByRole('link', { name: 'Flagged Words' }).click();
    await page.getByRole('heading', { name: 'Flagged Words' }).waitFor();
    await page.getByText('Word 1 of 1').waitFor();
    await screenshot(page, 'vocabulary-flagged-1280');
    const narrow = await sameLearnerAt(context, 375);
    // The copied profile has seen the explanation already.
    await narrow.page.goto('/words');
    await narrow.page.getByRole('button', { name: 'Reveal Now' }).click();
    await narrow.page.getByRole('button', { name: 'I know it' }).waitFor();
    await screenshot(narrow.page, 'vocabulary-words-375');
    await narrow.page.goto('/flagged');
    await narrow.page.getByText('Word 1 of 1').waitFor();
    await screenshot(narrow.page, 'vocabulary-flagged-375');
    await narrow.context.close();

    const feedback = [
      '2 more correct answers to remove this word from your practice list.',
      '1 more correct answer to remove this word from your practice list.',
      'This word has been removed from your practice list.',
    ];
    for (const [round, text] of feedback.entries()) {
      // After the summary the list reshuffles and starts again by itself.
      await page.getByRole('button', { name: 'Reveal Translation' }).click();
      expect(await page.locator('.flash-card-english').textContent()).toBe(english);
      await page.getByRole('button', { name: 'I got it right' }).click();
      await toast(page, text).waitFor();
      if (round < 2) {
        await page.getByRole('heading', { name: 'Practice complete!' }).waitFor();
        await page.getByText('You got 1 out of 1 words correct.').waitFor();
      }
    }
    await page.getByRole('heading', { name: 'No flagged words' }).waitFor();
    expect(await (await page.request.get('/api/words/flagged')).json()).toEqual([]);
    // The flagged list shows no streak and leaves the one built on All Words as it was.
    expect(await (await page.request.get('/api/streak')).json()).toMatchObject({ currentStreak: needed, bestStreak: needed });
    await context.close();
  });

  test('a learner practises a verb topic: conjugations in arabizi, commands and negatives among them, progress on the topic card', async () => {
    const { page, context } = await app.newPage();
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('link', { name: 'Topics' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('heading', { name: 'Verbs' }).waitFor();
    await screenshot(page, 'vocabulary-topics-1280');

    await page.getByRole('link', { name: /^to eat/ }).click();
    await page.waitForURL(/\/topics\/Verb%3A(%20| )to(%20| )eat$/);
    await page.getByRole('heading', { name: 'Practice "to eat" Conjugations' }).waitFor();
    await page.getByText('Word 1 of 35').waitFor();
    await page.getByText(/then give it as a command and say it in the negative/).waitFor();
    const conjugations = await (await page.request.get('/api/words/by-topic/Verb%3A%20to%20eat')).json();
    const shown = await page.locator('.flash-card-lebanese').textContent();
    expect(conjugations.map((w: { arabizi: string }) => w.arabizi)).toContain(shown);
    await screenshot(page, 'vocabulary-topic-1280');

    await page.keyboard.press('Space');
    await page.locator('.flash-card-english').waitFor();
    await page.keyboard.press('1');
    await page.getByText('Word 2 of 35').waitFor();
    await page.getByText('3% complete').waitFor();

    // The shuffled round holds the three commands (kol, kele, kelo) and the eight negatives (ma bekol ...):
    // skip to each kind and read its badge, its arabizi and, revealed, its English.
    const seen = new Map<string, { lebanese: string; english: string }>();
    // The badge names the pronoun as the arabizi spells it: ne7na (we), not nehna.
    const pronouns = new Set<string>();
    for (let i = 2; i <= 35 && (seen.size < 2 || !pronouns.has('ne7na (we)')); i++) {
      await page.getByText(`Word ${i} of 35`).waitFor();
      const badge = (await page.locator('.vocab-badge').textContent()) ?? '';
      pronouns.add(badge.split(' · ')[0]);
      const kind = badge.endsWith('· command') ? 'command' : badge.endsWith('· negative present') ? 'negative' : null;
      if (kind && !seen.has(kind)) {
        await page.getByRole('button', { name: 'Reveal Translation' }).click();
        seen.set(kind, {
          lebanese: (await page.locator('.flash-card-lebanese').textContent()) ?? '',
          english: (await page.locator('.flash-card-english').textContent()) ?? '',
        });
        if (seen.size === 2) await screenshot(page, 'vocabulary-topic-command-1280');
      }
      if (i < 35) await page.getByRole('button', { name: 'Next Word' }).click();
    }
    expect(['kol', 'kele', 'kelo']).toContain(seen.get('command')?.lebanese ?? '');
    expect(seen.get('command')?.english).toMatch(/^eat! \((m|f|pl)\.\)$/);
    expect(seen.get('negative')?.lebanese).toMatch(/^ma /);
    expect(seen.get('negative')?.english).toMatch(/don't eat|doesn't eat/);
    expect([...pronouns]).toContain('ne7na (we)');
    expect([...pronouns].filter((p) => p.startsWith('nehna'))).toEqual([]);

    const narrow = await sameLearnerAt(context, 375);
    await narrow.page.goto('/topics');
    await narrow.page.getByRole('heading', { name: 'Verbs' }).waitFor();
    await narrow.page.getByRole('link', { name: /^to eat.*1 of 35 words/ }).waitFor();
    await screenshot(narrow.page, 'vocabulary-topics-375');
    await narrow.page.goto('/topics/Verb%3A%20to%20eat');
    await narrow.page.getByText('Word 1 of 35').waitFor();
    await narrow.page.getByRole('button', { name: 'Reveal Translation' }).click();
    await narrow.page.getByRole('button', { name: 'I got it right' }).waitFor();
    await screenshot(narrow.page, 'vocabulary-topic-375');
    await narrow.context.close();
    await context.close();
  });

  test('after the trial a premium topic is locked on the grid and its address leads to the paywall', async () => {
    const { page, context } = await app.newPage();
    const user = await registerInBrowser(page);
    const db = new Database(join(app.dir, 'app.db'));
    db.run('update users set trial_end_date = ? where email = ?', [Date.now() - 24 * 3600_000, user.email.toLowerCase()]);
    db.close();

    await page.goto('/topics');
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    const emotions = page.locator('.topic-tile.locked').filter({ hasText: 'Emotions' });
    await emotions.getByText('PREMIUM', { exact: true }).waitFor();
    await emotions.getByText('Subscribe to unlock this topic').waitFor();
    expect(await emotions.getByRole('link', { name: 'Get Premium Access' }).getAttribute('href')).toBe('/subscription');
    await emotions.locator('h3').click();
    const premium = toast(page, 'Premium Feature');
    await premium.waitFor();
    await premium.getByRole('button', { name: 'Subscribe Now' }).waitFor();
    await screenshot(page, 'vocabulary-topics-locked-1280');
    const narrow = await sameLearnerAt(context, 375);
    await narrow.page.goto('/topics');
    await narrow.page.locator('.topic-tile.locked').first().waitFor();
    await screenshot(narrow.page, 'vocabulary-topics-locked-375');
    await narrow.context.close();
    // Free topics stay open.
    await page.getByRole('link', { name: /^Family/ }).waitFor();

    // A verb keeps its present tense, and the page says where the rest is.
    await page.goto('/topics/Verb%3A%20to%20eat');
    await page.getByText('Word 1 of 8').waitFor();
    await page
      .getByRole('note')
      .getByText(/Past and future forms, commands and negatives come with/)
      .waitFor();
    const free = await (await page.request.get('/api/words/by-topic/Verb%3A%20to%20eat')).json();
    expect(free.map((w: { tense: string }) => w.tense)).toEqual(Array(8).fill('present'));

    await page.goto('/topics/Emotions');
    await page.waitForURL('**/paywall');
    await context.close();
  });
});
