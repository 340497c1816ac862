import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';

const t = createTestApp();
afterAll(() => t.close());
// Wednesday 14 January 2026, 08:00 in Beirut (06:00 UTC).
const MORNING = new Date('2026-01-14T06:00:00Z');
beforeEach(() => t.clock.set(MORNING));

const { stats } = t.services;
const sql = t.db.$client;
const wordIds = (sql.query('select id from words order by id limit 20').all() as { id: number }[]).map((w) => w.id);
const answer = (cookie: string, i: number) =>
  t.server.api.words({ id: wordIds[i] }).progress.post({ correct: true, page: 'unified' }, { cookie });
const mailsTo = (email: string) => t.app.ctx.mail.outbox(500).filter((m) => m.to === email);

/** A learner in Beirut with a goal of one card, met yesterday (a day streak of 1), a daily reminder at `hour`. */
async function learnerAtRisk(hour: number, weekly = false) {
  const signed = await t.signUp();
  await t.server.api.analytics.activity.post(
    { sessionId: `reminders-${signed.user.id}`, page: '/settings', timeZone: 'Asia/Beirut' },
    { cookie: signed.cookie },
  );
  await t.server.api.goal.put({ kind: 'cards', amount: 1 }, { cookie: signed.cookie });
  t.clock.set(new Date(MORNING.getTime() - DAY_MS));
  await answer(signed.cookie, 0);
  t.clock.set(MORNING);
  const set = await t.server.api.reminders.put({ dailyHour: hour, weekly }, { cookie: signed.cookie });
  expect(set.json).toEqual({ dailyHour: hour, weekly });
  return signed;
}

describe('reminder e-mails', () => {
  test("sent at the learner's chosen hour, in their time zone, once, with a one-click unsubscribe", async () => {
    const { email } = await learnerAtRisk(9);
    expect(await stats.sendDue()).toBe(0);
    t.clock.advance(HOUR_MS);
    await stats.sendDue();
    // A second run, or a restart, in the same hour finds the send reserved.
    await stats.sendDue();
    t.clock.advance(30 * 60_000);
    await stats.sendDue();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Keep your 1-day streak going');
    expect(mails[0]!.text).toContain("Today's goal needs 1 more cards");
    const link = mails[0]!.headers!['List-Unsubscribe']!.match(/^<(.+)>$/)![1]!;
    expect(mails[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0]!.text).toContain(`/unsubscribe?kind=daily&token=${link.split('/').at(-1)}`);

    // The one-click POST a mail provider sends: form-encoded, no Origin, no cookie.
    const path = new URL(link).pathname;
    const res = await t.request('POST', path, {
      origin: null,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unsubscribed: 'daily' });
    t.clock.advance(DAY_MS - 30 * 60_000);
    await stats.sendDue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  test('none once the goal is met today, and none without a streak at risk', async () => {
    const met = await learnerAtRisk(9);
    await answer(met.cookie, 1);
    const fresh = await t.signUp();
    await t.server.api.goal.put({ kind: 'cards', amount: 1 }, { cookie: fresh.cookie });
    await t.server.api.reminders.put({ dailyHour: 7, weekly: false }, { cookie: fresh.cookie });
    t.clock.advance(HOUR_MS);
    await stats.sendDue();
    expect(mailsTo(met.email)).toHaveLength(0);
    expect(mailsTo(fresh.email)).toHaveLength(0);
  });

  test('the weekly summary goes out on Monday at the chosen hour, once', async () => {
    const { email, cookie } = await learnerAtRisk(9, true);
    await answer(cookie, 2);
    // Monday 19 January, 09:10 in Beirut.
    t.clock.set('2026-01-19T07:10:00Z');
    await stats.sendDue();
    await stats.sendDue();
    const weekly = mailsTo(email).filter((m) => m.subject === 'Your week of Lebanese');
    expect(weekly).toHaveLength(1);
    expect(weekly[0]!.text).toContain('Last week you practised on 2 of 7 days: 2 answers (100% right)');
    expect(weekly[0]!.headers!['List-Unsubscribe']).toContain('/api/reminders/unsubscribe/weekly/');
  });

  test('each list has a token of its own, drawn anew when the list is turned on again; a GET of the address asks first', async () => {
    const { email, cookie } = await learnerAtRisk(9, true);
    t.clock.advance(HOUR_MS);
    await stats.sendDue();
    await answer(cookie, 3);
    // Monday 19 January, 09:10 in Beirut.
    t.clock.set('2026-01-19T07:10:00Z');
    await stats.sendDue();
    const addressOf = (subject: string) =>
      new URL(
        mailsTo(email)
          .find((m) => m.subject === subject)!
          .headers!['List-Unsubscribe']!.match(/^<(.+)>$/)![1]!,
      ).pathname;
    const daily = addressOf('Keep your 1-day streak going');
    const weekly = addressOf('Your week of Lebanese');
    const dailyToken = daily.split('/').at(-1)!;
    expect(weekly.split('/').at(-1)).not.toBe(dailyToken);
    const oneClick = (path: string) =>
      t.request('POST', path, {
        origin: null,
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    // Opened by a person or a mail client: the page that asks, and nothing changes.
    const opened = await t.request('GET', daily);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/unsubscribe?kind=daily&token=${dailyToken}`);
    expect((await t.server.api.reminders.get({ cookie })).json).toEqual({ dailyHour: 9, weekly: true });

    // The daily list's token does not name the weekly summary.
    expect((await oneClick(`/api/reminders/unsubscribe/weekly/${dailyToken}`)).status).toBe(404);
    expect((await oneClick(daily)).status).toBe(200);
    expect((await t.server.api.reminders.get({ cookie })).json).toEqual({ dailyHour: null, weekly: true });
    // A provider's retry, or a second click, answers the same; so does one sent from a mail provider's own page (its Origin).
    expect((await oneClick(daily)).status).toBe(200);
    expect(
      (
        await t.request('POST', daily, {
          origin: 'https://mail.example',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);

    // Turned on again, the daily list has a new token: the link of before no longer touches it.
    await t.server.api.reminders.put({ dailyHour: 9, weekly: true }, { cookie });
    expect((await oneClick(daily)).status).toBe(404);
    expect((await t.server.api.reminders.get({ cookie })).json).toEqual({ dailyHour: 9, weekly: true });
    // The weekly summary, on all along, kept its own.
    expect((await oneClick(weekly)).status).toBe(200);
    expect((await t.server.api.reminders.get({ cookie })).json).toEqual({ dailyHour: 9, weekly: false });
  });

  test('bad settings and unknown tokens are refused; the settings need a session', async () => {
    const { cookie } = await t.signUp();
    expect((await t.server.api.reminders.get({ cookie })).json).toEqual({ dailyHour: null, weekly: false });
    for (const body of [
      { dailyHour: 24, weekly: false },
      { dailyHour: 1.5, weekly: false },
      { dailyHour: 8 },
      { dailyHour: '8', weekly: true },
    ]) {
      expect((await t.request('PUT', '/api/reminders', { cookie, body })).status).toBe(400);
    }
    expect((await t.server.api.reminders.get()).status).toBe(401);
    // Without VAPID keys there is no web push to opt in to, which the key's answer says without failing.
    expect((await t.server.api.push.key.get()).json).toEqual({ publicKey: null });
    expect(
      (await t.server.api.reminders.unsubscribe({ kind: 'daily' })({ token: 'AAAAAAAAAAAAAAAAAAAAAAAA' }).post(undefined, { origin: null }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.server.api.reminders
          .unsubscribe({ kind: 'monthly' })({ token: 'AAAAAAAAAAAAAAAAAAAAAAAA' })
          .post(undefined, { origin: null })
      ).status,
    ).toBe(400);
    expect((await t.server.api.reminders.unsubscribe({ kind: 'daily' })({ token: 'x' }).post(undefined, { origin: null })).status).toBe(
      400,
    );
    expect((await t.request('GET', '/api/reminders/unsubscribe/monthly/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(400);
    expect((await t.request('GET', '/api/reminders/unsubscribe/daily/x')).status).toBe(400);
  });
});
