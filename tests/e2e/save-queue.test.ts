import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BATCH_THRESHOLDS } from '../../src/modules/vocabulary/rules';
import { answerCardFromKeyboard, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

/** Counts every 'Sync Error' toast the page shows (one at a time is on screen, so counting what is there would not do). */
function countSyncErrorToasts() {
  const seen = new WeakSet<Element>();
  (window as { syncErrorToasts?: number }).syncErrorToasts = 0;
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
      if (seen.has(toast) || !toast.textContent?.includes('Sync Error')) continue;
      seen.add(toast);
      (window as { syncErrorToasts?: number }).syncErrorToasts! += 1;
    }
  }).observe(document, { childList: true, subtree: true });
}

describe('the save queue on a bad connection', () => {
  test('20 answers given while saves fail, a move to Topics, a reload and a closed tab: all 20 count exactly once when saves get through', async () => {
    const { page, context } = await app.newPage(1280, 800);
    await context.addInitScript(countSyncErrorToasts);
    const learner = await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByText('Batch 1 of 6').waitFor();

    // The browser believes it is online, but no answer's reply comes back: every other try never
    // leaves the browser, the others reach the server and lose their reply on the way back.
    let blocked = true;
    let tries = 0;
    let repliesLost = 0;
    await context.route('**/api/words/*/progress', async (route) => {
      if (route.request().method() !== 'POST' || !blocked) return route.continue();
      if (tries++ % 2 === 1 && (await route.fetch().catch(() => null))?.ok()) repliesLost++;
      await route.abort('connectionreset');
    });

    const cards = BATCH_THRESHOLDS[1];
    expect(cards).toBe(20);
    for (let i = 1; i <= cards; i++) {
      await answerCardFromKeyboard(page);
      await page.locator('.streak-current', { hasText: new RegExp(`^${i}$`) }).waitFor();
    }
    const waiting = (p: Page) => p.getByRole('status').filter({ hasText: `Offline · ${cards} answers waiting` });
    await waiting(page).waitFor();
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await screenshot(page, 'saves-waiting-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await screenshot(page, 'saves-waiting-375');
    // One 'Sync Error' when the answers started waiting, not one per answer.
    expect(await page.evaluate(() => (window as { syncErrorToasts?: number }).syncErrorToasts)).toBe(1);

    await page.getByRole('link', { name: 'Topics', exact: true }).click();
    await page.waitForURL('**/topics');
    await waiting(page).waitFor();
    await page.reload();
    await waiting(page).waitFor();
    await page.close();

    const again = await context.newPage();
    await again.goto('/words');
    await waiting(again).waitFor();

    blocked = false;
    // Sent in order, once each: the streak of 20 and batch 2, as if the connection had been good.
    await again.getByText('Batch 2 of 6').waitFor({ timeout: 50_000 });
    // Gone only once the last save is answered (the count falls one by one before that).
    await again
      .getByRole('status')
      .filter({ hasText: /Offline · \d+ answers? waiting/ })
      .waitFor({ state: 'detached' });
    const db = new Database(join(app.dir, 'app.db'), { readonly: true });
    const stats = db
      .query(
        'select s.total_answered as answered, s.total_correct as correct from user_stats s join users u on u.id = s.user_id where u.username = ?',
      )
      .get(learner.username) as { answered: number; correct: number };
    const streak = db
      .query(
        "select k.current_streak as current from user_streak k join users u on u.id = k.user_id where u.username = ? and k.page = 'unified'",
      )
      .get(learner.username) as { current: number };
    db.close();
    // The first answer reached the server more than once (its replies lost) and still counts once.
    expect(repliesLost).toBeGreaterThan(1);
    expect(stats).toEqual({ answered: cards, correct: cards });
    expect(streak.current).toBe(cards);
    await context.close();
  }, 120_000);

  test('answers kept in the browser by the version before a deploy (a kind and a path, or only a path) are sent after the reload and count once', async () => {
    const { page, context } = await app.newPage();
    const learner = await registerInBrowser(page);
    const db = new Database(join(app.dir, 'app.db'), { readonly: true });
    const [first, second] = db.query('select id from words where batch = 1 order by sort_order limit 2').all() as { id: number }[];
    const { userId } = db.query('select id as userId from users where username = ?').get(learner.username) as { userId: number };
    // What the previous version kept: an answer with its kind and path, and a flag from before there were kinds.
    const kept = [
      {
        id: 'answer-kept-before-the-deploy',
        userId,
        kind: 'word',
        path: `/api/words/${first!.id}/progress`,
        body: { correct: true, idempotencyKey: 'answer-kept-before-the-deploy' },
      },
      { id: 'flag-kept-before-kinds', userId, path: `/api/words/${second!.id}/flag`, body: { isFlagged: true } },
    ];
    await page.evaluate(
      (list) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('kalimat');
          open.onupgradeneeded = () => open.result.createObjectStore('saves');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const write = open.result.transaction('saves', 'readwrite');
            write.objectStore('saves').put(list, 'queue');
            write.oncomplete = () => resolve();
            write.onerror = () => reject(write.error);
          };
        }),
      kept,
    );
    await page.reload();
    const answered = () =>
      db.query('select total_answered as answered from user_stats where user_id = ?').get(userId) as { answered: number } | null;
    const flagged = () =>
      db.query('select count(*) as n from flagged_words where user_id = ? and word_id = ?').get(userId, second!.id) as { n: number };
    for (let i = 0; i < 100 && (answered()?.answered !== 1 || flagged().n !== 1); i++) await Bun.sleep(100);
    expect(answered()).toEqual({ answered: 1 });
    expect(flagged().n).toBe(1);
    const left = () =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('kalimat');
            open.onsuccess = () => {
              const read = open.result.transaction('saves').objectStore('saves').get('queue');
              read.onsuccess = () => resolve(read.result);
            };
          }),
      );
    // Forgotten once answered: the reply of the last one comes just after it counted.
    for (let i = 0; i < 100 && JSON.stringify(await left()) !== '[]'; i++) await Bun.sleep(100);
    expect(await left()).toEqual([]);
    db.close();
    await context.close();
  });

  test("the save queue's code that fails to load (a deploy's restart) is fetched again, and the page never falls to its error screen", async () => {
    const { page, context } = await app.newPage();
    const chunk = { blocked: true, refused: 0, served: 0 };
    await context.route('**/SavesWaiting-*.js', async (route) => {
      if (!chunk.blocked) {
        chunk.served++;
        return route.continue();
      }
      chunk.refused++;
      return route.abort('connectionrefused');
    });
    await registerInBrowser(page);
    // Past the welcome dialog, which holds the keys: the card is answered, not revealed by its countdown.
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    for (let i = 0; i < 100 && chunk.refused < 2; i++) await Bun.sleep(100);
    expect(chunk.refused).toBeGreaterThanOrEqual(2);
    chunk.blocked = false;
    for (let i = 0; i < 100 && chunk.served === 0; i++) await Bun.sleep(100);
    expect(chunk.served).toBe(1);
    await answerCardFromKeyboard(page);
    await page.locator('.streak-current', { hasText: /^1$/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await context.close();
  });
});
