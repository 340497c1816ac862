import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/lib/clock';
import { MOVED_CLOCK_CHECK_MS } from '../../src/modules/stats/reminders';
import { registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let app: E2EApp;
let db: Database;
beforeAll(async () => {
  app = await startApp({ env: { MOVABLE_CLOCK: 'true' } });
  db = new Database(join(app.dir, 'app.db'));
  // The server's own writes (a commit, the log copied into the file) may hold the lock a moment.
  db.exec('PRAGMA busy_timeout = 5000');
});
afterAll(async () => {
  db?.close();
  await app?.stop();
});

const HOUR = 10;
type OutboxMail = { to: string; subject: string; text: string; headers: Record<string, string> | null };
const outbox = async (): Promise<OutboxMail[]> => (await fetch(`${app.baseUrl}/api/dev/mail`)).json();
const moveClock = async (advanceMs: number) =>
  new Date(
    (
      await (
        await fetch(`${app.baseUrl}/api/dev/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: app.baseUrl },
          body: JSON.stringify({ advanceMs }),
        })
      ).json()
    ).now,
  );
/** Three turns of the reminders' job (every second on a server with MOVABLE_CLOCK): whatever was due has gone out. */
const threeChecks = () => Bun.sleep(3 * MOVED_CLOCK_CHECK_MS);
const post = (page: Page, path: string, data: unknown, method: 'post' | 'put' = 'post') =>
  page.request[method](path, { data, headers: { origin: app.baseUrl } });

/** Answers one card on All Words by the keyboard. */
async function answerCard(page: Page) {
  await page.getByRole('button', { name: 'Reveal Now' }).waitFor();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'I know it' }).waitFor();
  await page.keyboard.press('1');
}

/** A learner in UTC with a goal of one card met today (a day streak of 1) and a daily reminder at HOUR. */
async function learner(width = 1280) {
  const { page } = await app.newPage(width, 900);
  const user = await registerInBrowser(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
  await post(page, '/api/analytics/activity', { sessionId: `reminders-${user.username}`, page: '/settings', timeZone: 'UTC' });
  await post(page, '/api/goal', { kind: 'cards', amount: 1 }, 'put');
  await answerCard(page);
  await page.getByLabel('Day streak 1, 0 freezes held').waitFor();
  return { page, user };
}

describe('reminder e-mails', () => {
  test('a reminder arrives at the chosen hour only while the goal is unmet; its unsubscribe link and one-click POST both work', async () => {
    const a = await learner();
    // The reminder chosen in the settings.
    await a.page.goto('/settings?tab=learning');
    await a.page.getByLabel('Daily reminder e-mail').check();
    await a.page.getByLabel('Send it at').selectOption(String(HOUR));
    await a.page.getByRole('button', { name: 'Save reminders' }).click();
    await a.page.getByText('Reminders saved').waitFor();
    await screenshot(a.page, 'reminders-settings-1280');

    // A second learner, the same hour, who will meet tomorrow's goal before it.
    const b = await learner();
    await post(b.page, '/api/reminders', { dailyHour: HOUR, weekly: false }, 'put');

    // Tomorrow, an hour before HOUR (UTC): b practises; nobody is reminded yet.
    const now = await moveClock(0);
    const tomorrowBefore = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, HOUR - 1, 5);
    await moveClock(tomorrowBefore - now.getTime());
    await b.page.goto('/words');
    await answerCard(b.page);
    await b.page.getByLabel('Day streak 2, 0 freezes held').waitFor();
    await threeChecks();
    expect((await outbox()).filter((m) => m.subject.startsWith('Keep your'))).toEqual([]);

    // HOUR: a, whose goal is unmet, gets one reminder; b, whose goal is met, none.
    await moveClock(HOUR_MS);
    let reminder: OutboxMail | undefined;
    for (let i = 0; i < 150 && !reminder; i++) {
      reminder = (await outbox()).find((m) => m.to === a.user.email && m.subject === 'Keep your 1-day streak going');
      if (!reminder) await Bun.sleep(200);
    }
    expect(reminder).toBeDefined();
    await threeChecks();
    const mails = await outbox();
    expect(mails.filter((m) => m.subject.startsWith('Keep your')).map((m) => m.to)).toEqual([a.user.email]);

    // The List-Unsubscribe address opened in a browser (a mail client's button, a person): a page that asks,
    // with nothing changed until its button; the link in the mail's text is that same page.
    expect(reminder!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const address = reminder!.headers!['List-Unsubscribe']!.match(/^<(.+)>$/)![1]!;
    const token = address.split('/').at(-1)!;
    expect(reminder!.text).toContain(`${app.baseUrl}/unsubscribe?kind=daily&token=${token}`);
    const phone = await app.newPage(375, 800);
    await phone.page.goto(address);
    await phone.page.getByText('Stop the daily reminder e-mails from Kalimat?').waitFor();
    await screenshot(phone.page, 'reminders-unsubscribe-asks-375');
    await a.page.goto(address);
    await a.page.getByText('Stop the daily reminder e-mails from Kalimat?').waitFor();
    await screenshot(a.page, 'reminders-unsubscribe-asks-1280');
    expect(await (await a.page.request.get('/api/reminders')).json()).toEqual({ dailyHour: HOUR, weekly: false });
    await a.page.getByRole('button', { name: 'Unsubscribe from daily reminder e-mails' }).click();
    await a.page.getByText('You will get no more daily reminder e-mails.').waitFor();
    await screenshot(a.page, 'reminders-unsubscribed-1280');
    expect(await (await a.page.request.get('/api/reminders')).json()).toEqual({ dailyHour: null, weekly: false });

    // Turned on again, the daily reminder has a new token: the address of before no longer touches it,
    // and the page says so when its button is pressed.
    await post(a.page, '/api/reminders', { dailyHour: HOUR, weekly: true }, 'put');
    const oneClick = (to: string) =>
      fetch(to, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect((await oneClick(address)).status).toBe(404);
    await phone.page.getByRole('button', { name: 'Unsubscribe from daily reminder e-mails' }).click();
    await phone.page.getByText('This unsubscribe link is not valid.').waitFor();
    expect(await (await a.page.request.get('/api/reminders')).json()).toEqual({ dailyHour: HOUR, weekly: true });

    // The one-click POST (RFC 8058) to the new address, as a mail provider sends it: no cookie, no Origin.
    const { daily_token: newToken } = db
      .query('select daily_token from reminder_settings r join users u on u.id = r.user_id where u.username = ?')
      .get(a.user.username) as { daily_token: string };
    expect(newToken).not.toBe(token);
    expect((await oneClick(address.replace(token, newToken))).status).toBe(200);
    expect(await (await a.page.request.get('/api/reminders')).json()).toEqual({ dailyHour: null, weekly: true });

    // A missed day later, nothing more for a: the daily reminder is off.
    await moveClock(DAY_MS + 5 * MINUTE_MS);
    await threeChecks();
    expect((await outbox()).filter((m) => m.to === a.user.email && m.subject.startsWith('Keep your'))).toHaveLength(1);
    expect(
      (
        db
          .query('select count(*) as n from reminder_sends s join users u on u.id = s.user_id where u.username = ?')
          .get(a.user.username) as { n: number }
      ).n,
    ).toBe(1);
    // b, whose goal of that day is unmet with a 2-day streak at stake, is reminded.
    expect((await outbox()).filter((m) => m.to === b.user.email).map((m) => m.subject)).toContain('Keep your 2-day streak going');
  }, 180_000);
});
