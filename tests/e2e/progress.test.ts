import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { DAY_MS } from '../../src/lib/clock';
import { addDays } from '../../src/lib/calendar';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
let db: Database;
beforeAll(async () => {
  app = await startApp();
  db = new Database(join(app.dir, 'app.db'));
  // The server's own writes (a commit, the log copied into the file) may hold the lock a moment.
  db.exec('PRAGMA busy_timeout = 5000');
});
afterAll(async () => {
  db?.close();
  await app?.stop();
});

describe('progress over time', () => {
  test("the statistics page charts a seeded learner's 30 days, with a table for screen readers, from a chunk of its own", async () => {
    const { page } = await app.newPage(1280, 900);
    const learner = await registerInBrowser(page);
    const today = ((await (await page.request.get('/api/stats/progress')).json()).days as { date: string }[]).at(-1)!.date;
    const { id: userId } = db.query('select id from users where username = ?').get(learner.username) as { id: number };
    // Off the learning screens, so no learning time of this visit joins the seeded days.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    db.run('delete from goal_days where user_id = ?', [userId]);

    // 30 days: practised on two days of every three, 10 + i answers on day i, 8 of every 10 right, i minutes;
    // the goal met on the last five practised days, and one day kept by a freeze.
    const practised: string[] = [];
    for (let i = 0; i < 30; i++) {
      const day = addDays(today, i - 29);
      if (i % 3 === 2) continue;
      practised.push(day);
      db.run('insert into goal_days (user_id, day, cards, correct, seconds, met) values (?, ?, ?, ?, ?, ?)', [
        userId,
        day,
        10 + i,
        Math.round((10 + i) * 0.8),
        i * 60,
        i >= 24 ? 1 : 0,
      ]);
    }
    db.run('insert into goal_days (user_id, day, frozen) values (?, ?, 1)', [userId, addDays(today, -3)]);
    // Twelve words learnt, one a day from 12 days ago; each learnt card reviewed 3 days later, the first 9 recalled.
    const words = db.query('select id from words order by id limit 12').all() as { id: number }[];
    words.forEach((w, i) => {
      const learnt = Date.parse(`${addDays(today, i - 14)}T10:00:00Z`);
      const card = db
        .query(
          "insert into review_cards (user_id, kind, item_id, direction, due, stability, difficulty, state, reps, last_review) values (?, 'word', ?, 'english-to-lebanese', ?, 8, 5, 2, 2, ?) returning id",
        )
        .get(userId, w.id, learnt + 30 * DAY_MS, learnt) as { id: number };
      db.run(
        'insert into review_log (user_id, card_id, rating, state, due, stability, difficulty, scheduled_days, reviewed_at) values (?, ?, 3, 0, ?, 0, 0, 0, ?)',
        [userId, card.id, learnt, learnt],
      );
      if (learnt + 3 * DAY_MS <= Date.now())
        db.run(
          'insert into review_log (user_id, card_id, rating, state, due, stability, difficulty, scheduled_days, reviewed_at) values (?, ?, ?, 2, ?, 3, 5, 3, ?)',
          [userId, card.id, i < 9 ? 3 : 1, learnt, learnt + 3 * DAY_MS],
        );
    });

    const scripts = new Map<string, string>();
    page.on('response', async (res) => {
      if (res.url().endsWith('.js')) scripts.set(res.url(), await res.text().catch(() => ''));
    });
    await page.goto('/stats');
    const charts = page.getByRole('region', { name: 'Progress Over Time' });
    await charts.getByTestId('chart-answers').waitFor();

    // The answers chart: 20 bars, the last practised day's the tallest, and every day in its table.
    const answers = charts.getByTestId('chart-answers');
    expect(await answers.locator('rect.progress-bar').count()).toBe(20);
    expect(await answers.locator('rect.progress-bar').last().getAttribute('data-value')).toBe('38');
    const rows = answers.getByRole('table').getByRole('row');
    expect(await rows.count()).toBe(31);
    const lastLabel = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    expect(await rows.last().textContent()).toBe(`${lastLabel}0`);
    expect(await answers.getByRole('img').getAttribute('aria-label')).toBe(
      'Answers per day: highest 38, latest 0. The table that follows has every day.',
    );
    expect(await charts.getByTestId('chart-accuracy').getByRole('table').getByRole('row').nth(1).textContent()).toContain('80%');
    expect(await charts.getByTestId('chart-minutes').getByRole('table').getByRole('row').last().textContent()).toBe(`${lastLabel}0 min`);
    await charts.getByTestId('chart-learned').getByRole('table').getByRole('row').last().getByText('12 words').waitFor();
    await charts.getByText('20 of 30 days practised').waitFor();
    expect(await charts.locator('.calendar-day.met').count()).toBe(4);
    expect(await charts.locator('.calendar-day.frozen').count()).toBe(1);
    const retention = await charts.getByTestId('chart-retention').getByRole('table').getByRole('row').allTextContents();
    expect(retention.some((r) => /\d+% \(\d+ of \d+\)/.test(r))).toBe(true);
    await charts.scrollIntoViewIfNeeded();
    await screenshot(page, 'progress-1280');

    // Its code came on its own, not with the statistics page's.
    const chunk = [...scripts.entries()].find(([, text]) => text.includes('Progress Over Time'));
    expect(chunk).toBeDefined();
    expect(chunk![1]).not.toContain('Your Learning Statistics');

    await charts.getByRole('button', { name: '90 days' }).click();
    await charts.getByRole('button', { name: '90 days', pressed: true }).waitFor();
    await charts.getByText('20 of 90 days practised').waitFor();
    // The charts start at the first practised day, 30 days ago: the calendar keeps the whole range.
    expect(await answers.getByRole('table').getByRole('row').count()).toBe(31);

    await page.setViewportSize({ width: 375, height: 800 });
    await charts.getByRole('button', { name: '30 days' }).click();
    await charts.getByText('20 of 30 days practised').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await charts.scrollIntoViewIfNeeded();
    await screenshot(page, 'progress-375');
  });
});
