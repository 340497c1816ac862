import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { BATCH_THRESHOLDS } from '../../src/modules/vocabulary/rules';
import { answerCardFromKeyboard, registerInBrowser, startApp, waitForOfflineCopy, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startApp({ serviceWorker: true });
});
afterAll(async () => {
  await app?.stop();
});

/** What the server holds, asked from outside the browser with the learner's session. */
async function serverSays(cookie: string, path: string) {
  return (await fetch(`${app.baseUrl}${path}`, { headers: { cookie } })).json();
}

describe('practice without a network', () => {
  test('a learner cut off practises 20 cards, reloads the page offline, and every answer counts once the network is back', async () => {
    const { page, context } = await app.newPage(412, 823);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByText('Batch 1 of 6').waitFor();
    await waitForOfflineCopy(page, '/api/words');
    await waitForOfflineCopy(page, '/api/words/batch');
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

    await context.setOffline(true);
    // The page comes back from the service worker: the shell, the scripts and the deck.
    await page.reload();
    await page.getByRole('heading', { name: 'All Words' }).waitFor();
    await page.getByText('Batch 1 of 6').waitFor();

    const cards = BATCH_THRESHOLDS[1];
    expect(cards).toBe(20);
    for (let i = 1; i <= cards; i++) {
      await answerCardFromKeyboard(page);
      await page.locator('.streak-current', { hasText: new RegExp(`^${i}$`) }).waitFor();
    }
    // Nothing has reached the server: the answers wait in the browser, and the page says so.
    expect((await serverSays(cookie, '/api/words/batch')).bestStreak).toBe(0);
    const waiting = page.getByRole('status').filter({ hasText: `Offline · ${cards} answers waiting` });
    await waiting.waitFor();

    await context.setOffline(false);
    // Sent in order, the answers give what they would have given online: a streak of 20 and batch 2.
    for (let i = 0; i < 100 && (await serverSays(cookie, '/api/words/batch')).bestStreak < cards; i++) await Bun.sleep(300);
    const batch = await serverSays(cookie, '/api/words/batch');
    expect(batch.bestStreak).toBe(cards);
    expect(batch.maxUnlockedBatch).toBe(2);
    expect((await serverSays(cookie, '/api/streak?page=unified')).currentStreak).toBe(cards);
    await waiting.waitFor({ state: 'detached' });
    await page.getByText('Batch 2 of 6').waitFor();
    await context.close();
  });

  test('the flagged words and a topic read online open again without a network', async () => {
    const { page, context } = await app.newPage(412, 823);
    await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Flag for practice' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Added to practice' }).first().waitFor();

    await page.goto('/flagged');
    await page.getByText('Word 1 of 1').waitFor();
    await waitForOfflineCopy(page, '/api/words/flagged');
    await page.goto('/topics');
    const topic = page.locator('a[href^="/topics/"]').first();
    const href = (await topic.getAttribute('href'))!;
    await page.goto(href);
    await page.getByText(/^Word 1 of \d+$/).waitFor();
    await waitForOfflineCopy(page, `/api/words/by-topic/${href.slice('/topics/'.length)}`);

    await context.setOffline(true);
    await page.goto('/flagged');
    await page.getByText('Word 1 of 1').waitFor();
    await page.goto(href);
    await page.getByText(/^Word 1 of \d+$/).waitFor();
    await context.close();
  });

  test('the words due for review, read online, are reviewed without a network and the answers count once it is back', async () => {
    const { page, context } = await app.newPage(412, 823);
    const learner = await registerInBrowser(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Still learning' }).waitFor();
      await page.keyboard.press('2');
    }
    // Two days pass for the two memory cards: both are due.
    const db = new Database(join(app.dir, 'app.db'));
    const cards = () =>
      db
        .query('select c.due from review_cards c join users u on u.id = c.user_id where u.username = ? order by c.id')
        .all(learner.username) as { due: number }[];
    for (let i = 0; i < 100 && cards().length < 2; i++) await Bun.sleep(100);
    db.run(
      'update review_cards set due = due - ?1, last_review = last_review - ?1 where user_id = (select id from users where username = ?2)',
      [2 * 24 * 60 * 60 * 1000, learner.username],
    );
    await page.reload();
    await page.getByRole('button', { name: 'Review due (2)' }).waitFor();
    await waitForOfflineCopy(page, '/api/review/due');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Review due (2)' }).click();
    await page.getByTestId('review-left').filter({ hasText: '2 words due' }).waitFor();
    // Review grades the card on four buttons: Good is key 3.
    await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /^Good, next in / }).waitFor();
    await page.keyboard.press('3');
    await page.getByTestId('review-left').filter({ hasText: '1 word due · 1 reviewed' }).waitFor();
    expect(cards().every((card) => card.due < Date.now())).toBe(true);

    await context.setOffline(false);
    // The review waited in the browser and moves its card's due date once sent.
    for (let i = 0; i < 100 && cards().every((card) => card.due < Date.now()); i++) await Bun.sleep(200);
    expect(cards().filter((card) => card.due > Date.now())).toHaveLength(1);
    db.close();
    await context.close();
  });
});
