import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { DAY_MS, HOUR_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';
import { FREEZE_POINTS, MAX_FREEZES, earn, goalMet, meet, settle, type DayStreakState } from './rules';

const start: DayStreakState = { dayStreak: 0, bestDayStreak: 0, streakDay: null, freezes: 0, freezePoints: 0 };

describe('day streak rules', () => {
  test('meeting the goal on following days grows the streak once a day; a gap starts it again', () => {
    let s = meet(start, '2026-03-01');
    s = meet(s, '2026-03-01');
    expect(s).toMatchObject({ dayStreak: 1, streakDay: '2026-03-01' });
    s = meet(s, '2026-03-02');
    expect(s).toMatchObject({ dayStreak: 2, bestDayStreak: 2 });
    s = meet(settle(s, '2026-03-04').state, '2026-03-04');
    expect(s).toMatchObject({ dayStreak: 1, bestDayStreak: 2, streakDay: '2026-03-04' });
  });

  test('each missed day spends a freeze; too few freezes end the streak and keep the freezes', () => {
    const held = { ...meet(start, '2026-02-27'), freezes: 2 };
    expect(settle(held, '2026-02-28')).toEqual({ state: held, frozen: [] });
    expect(settle(held, '2026-03-01')).toEqual({ state: { ...held, freezes: 1, streakDay: '2026-02-28' }, frozen: ['2026-02-28'] });
    expect(settle(held, '2026-03-02')).toEqual({
      state: { ...held, freezes: 0, streakDay: '2026-03-01' },
      frozen: ['2026-02-28', '2026-03-01'],
    });
    expect(settle(held, '2026-03-03')).toEqual({ state: { ...held, dayStreak: 0, streakDay: null }, frozen: [] });
    // No streak, nothing to protect.
    expect(settle({ ...start, freezes: 2 }, '2026-03-03').frozen).toEqual([]);
  });

  test('points buy freezes up to the most a learner holds', () => {
    expect(earn(start, FREEZE_POINTS - 10)).toMatchObject({ freezes: 0, freezePoints: FREEZE_POINTS - 10 });
    expect(earn(earn(start, FREEZE_POINTS - 10), 20)).toMatchObject({ freezes: 1, freezePoints: 10 });
    expect(earn(start, FREEZE_POINTS * 5)).toMatchObject({ freezes: MAX_FREEZES, freezePoints: 0 });
  });

  // Written from docs/product-rules.md#daily-goal-and-day-streak, not from the constants: every 200 points buy a freeze, at most 2 held.
  test('every 200 points buy a freeze, and a learner holds at most 2', () => {
    expect(earn(start, 199)).toMatchObject({ freezes: 0 });
    expect(earn(start, 200)).toMatchObject({ freezes: 1 });
    expect(earn(start, 1000)).toMatchObject({ freezes: 2 });
  });

  test('a goal in minutes is met by that many whole minutes of learning time; a goal in cards by that many answers', () => {
    expect(goalMet({ kind: 'minutes', amount: 5 }, { cards: 0, seconds: 5 * 60 - 1 })).toBe(false);
    expect(goalMet({ kind: 'minutes', amount: 5 }, { cards: 0, seconds: 5 * 60 })).toBe(true);
    expect(goalMet({ kind: 'cards', amount: 10 }, { cards: 9, seconds: 3600 })).toBe(false);
    expect(goalMet({ kind: 'cards', amount: 10 }, { cards: 10, seconds: 0 })).toBe(true);
  });
});

const t = createTestApp();
afterAll(() => t.close());
const NOON = new Date('2026-01-15T12:00:00Z');
beforeEach(() => t.clock.set(NOON));

let wordIds: number[] = [];
async function learner(timeZone = 'UTC') {
  const signed = await t.signUp();
  if (wordIds.length === 0) wordIds = (await t.server.api.words.get({ cookie: signed.cookie })).json.map((w: { id: number }) => w.id);
  await t.server.api.analytics.activity.post(
    { sessionId: `s-${signed.user.id}-zone`, page: '/settings', timeZone },
    { cookie: signed.cookie },
  );
  return signed;
}
const answer = (cookie: string, i: number, correct = true) =>
  t.server.api.words({ id: wordIds[i % wordIds.length] }).progress.post({ correct, page: 'unified' }, { cookie });
const goalOf = async (cookie: string) => (await t.server.api.goal.get({ cookie })).json;

describe('the daily goal', () => {
  test('a learner without a goal sees none, and answers still earn freezes', async () => {
    const { cookie } = await learner();
    expect(await goalOf(cookie)).toMatchObject({
      goal: null,
      dayStreak: 0,
      freezes: 0,
      today: { day: '2026-01-15', cards: 0, met: false },
    });
    for (let i = 0; i < FREEZE_POINTS / 10; i++) await answer(cookie, i);
    expect(await goalOf(cookie)).toMatchObject({ goal: null, dayStreak: 0, freezes: 1, today: { cards: FREEZE_POINTS / 10, met: false } });
  });

  test('answers, right or wrong, meet a goal in cards; the day streak grows once a day', async () => {
    const { cookie } = await learner();
    const set = await t.server.api.goal.put({ kind: 'cards', amount: 3 }, { cookie });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ goal: { kind: 'cards', amount: 3 }, dayStreak: 0 });
    await answer(cookie, 0, false);
    await answer(cookie, 1);
    expect(await goalOf(cookie)).toMatchObject({ today: { cards: 2, met: false }, dayStreak: 0 });
    await answer(cookie, 2);
    await answer(cookie, 3);
    expect(await goalOf(cookie)).toMatchObject({ today: { cards: 4, met: true }, dayStreak: 1, bestDayStreak: 1 });
    t.clock.advance(DAY_MS);
    expect(await goalOf(cookie)).toMatchObject({ today: { day: '2026-01-16', cards: 0, met: false }, dayStreak: 1 });
    for (let i = 0; i < 3; i++) await answer(cookie, i);
    expect(await goalOf(cookie)).toMatchObject({ dayStreak: 2, bestDayStreak: 2 });
  });

  test("days are the learner's own: Beirut's day turns at 22:00 UTC in winter", async () => {
    const { cookie } = await learner('Asia/Beirut');
    await t.server.api.goal.put({ kind: 'cards', amount: 1 }, { cookie });
    t.clock.set('2026-01-15T21:30:00Z');
    await answer(cookie, 0);
    expect(await goalOf(cookie)).toMatchObject({ today: { day: '2026-01-15', met: true }, dayStreak: 1 });
    t.clock.set('2026-01-15T22:30:00Z');
    expect((await goalOf(cookie)).today).toMatchObject({ day: '2026-01-16', met: false });
  });

  test('learning time meets a goal in minutes; time on settings does not count', async () => {
    const { cookie, user } = await learner();
    await t.server.api.goal.put({ kind: 'minutes', amount: 1 }, { cookie });
    const beat = (page: string) => t.server.api.analytics.activity.post({ sessionId: `s-${user.id}-time`, page }, { cookie });
    for (let i = 0; i < 3; i++) {
      await beat('/settings');
      t.clock.advance(30_000);
    }
    expect((await goalOf(cookie)).today).toMatchObject({ seconds: 0, met: false });
    for (let i = 0; i < 3; i++) {
      await beat('/words');
      t.clock.advance(30_000);
    }
    // The time since the last beat goes to the page the new beat comes from (docs/product-rules.md#learning-time).
    expect((await goalOf(cookie)).today).toMatchObject({ seconds: 90, met: true });
    expect((await goalOf(cookie)).dayStreak).toBe(1);
  });

  test('a goal already reached today counts when it is set', async () => {
    const { cookie } = await learner();
    for (let i = 0; i < 5; i++) await answer(cookie, i);
    const set = await t.server.api.goal.put({ kind: 'cards', amount: 5 }, { cookie });
    expect(set.json).toMatchObject({ today: { cards: 5, met: true }, dayStreak: 1 });
  });

  test('a missed day spends a freeze and keeps the streak; a second missed day without one ends it', async () => {
    const { cookie } = await learner();
    await t.server.api.goal.put({ kind: 'cards', amount: 5 }, { cookie });
    for (let i = 0; i < FREEZE_POINTS / 10; i++) await answer(cookie, i);
    expect(await goalOf(cookie)).toMatchObject({ dayStreak: 1, freezes: 1 });
    t.clock.advance(2 * DAY_MS);
    // Read before any write: the freeze shows spent.
    expect(await goalOf(cookie)).toMatchObject({ dayStreak: 1, freezes: 0, frozenDays: ['2026-01-16'] });
    for (let i = 0; i < 5; i++) await answer(cookie, i);
    expect(await goalOf(cookie)).toMatchObject({
      dayStreak: 2,
      freezes: 0,
      frozenDays: ['2026-01-16'],
      today: { day: '2026-01-17', met: true },
    });
    t.clock.advance(2 * DAY_MS + 2 * HOUR_MS);
    expect(await goalOf(cookie)).toMatchObject({ dayStreak: 0, bestDayStreak: 2, freezes: 0 });
  });

  test('the clock moves only on a server started with MOVABLE_CLOCK', async () => {
    expect((await t.server.api.dev.clock.post({ advanceMs: DAY_MS })).status).toBe(404);
  });

  test('a bad goal is refused with a 400 naming the field; a visitor gets a 401', async () => {
    const { cookie } = await learner();
    for (const body of [
      { kind: 'hours', amount: 1 },
      { kind: 'cards', amount: 0 },
      { kind: 'minutes', amount: 2.5 },
      { kind: 'minutes', amount: 241 },
      { kind: 'cards' },
      'ten',
      null,
    ]) {
      const res = await t.request('PUT', '/api/goal', { cookie, body });
      expect(res.status).toBe(400);
    }
    expect((await goalOf(cookie)).goal).toBeNull();
    expect((await t.server.api.goal.get()).status).toBe(401);
    expect((await t.server.api.goal.put({ kind: 'cards', amount: 10 })).status).toBe(401);
  });
});
