import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';

const t = createTestApp();
afterAll(() => t.close());
// A Thursday: the week began on Monday 12 January.
const NOON = new Date('2026-01-15T12:00:00Z');
beforeEach(() => t.clock.set(NOON));

const sql = t.db.$client;
const freeWordIds = (
  sql
    .query('select w.id from words w join topics t on t.id = w.topic_id where t.is_premium = 0 and w.verb_id is null order by w.id')
    .all() as { id: number }[]
).map((w) => w.id);
const answer = (cookie: string, id: number, correct: boolean) =>
  t.server.api.words({ id }).progress.post({ correct, page: 'unified' }, { cookie });

describe('progress over time', () => {
  test('answers, right answers and learning time per day of the last 30 or 90, today last', async () => {
    const { cookie, user } = await t.signUp();
    await answer(cookie, freeWordIds[0]!, true);
    await answer(cookie, freeWordIds[1]!, false);
    t.clock.advance(2 * DAY_MS);
    await answer(cookie, freeWordIds[2]!, true);
    const beat = () => t.server.api.analytics.activity.post({ sessionId: `progress-${user.id}`, page: '/words' }, { cookie });
    await beat();
    t.clock.advance(45_000);
    await beat();

    const res = await t.server.api.stats.progress.get({ cookie });
    expect(res.status).toBe(200);
    const days = res.json.days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: '2026-01-17', answered: 1, correct: 1, seconds: 45, met: false, frozen: false });
    expect(days.at(-2)).toMatchObject({ date: '2026-01-16', answered: 0, seconds: 0 });
    expect(days.at(-3)).toMatchObject({ date: '2026-01-15', answered: 2, correct: 1 });
    expect(days[0].date).toBe('2025-12-19');
    expect((await t.server.api.stats.progress.get({ cookie, query: { days: '90' } })).json.days).toHaveLength(90);
  });

  test('words learnt so far on each day, and review retention per week from reviews of learnt words only', async () => {
    const { cookie } = await t.signUp();
    const [a, b, c] = freeWordIds as [number, number, number];
    await answer(cookie, a, true);
    await answer(cookie, b, false);
    t.clock.advance(DAY_MS);
    await answer(cookie, b, true);
    // Word a, right and graduated to review: 8 days on, a review of a learnt card, forgotten; c its first answer.
    await t.server.api.words({ id: a }).progress.post({ correct: true, page: 'unified', grade: 'easy' }, { cookie });
    t.clock.advance(12 * DAY_MS);
    await answer(cookie, a, false);
    await answer(cookie, c, false);

    const progress = (await t.server.api.review.progress.get({ cookie, query: { days: '30' } })).json;
    expect(progress.learned).toHaveLength(30);
    const learned = Object.fromEntries(progress.learned.map((d: { date: string; total: number }) => [d.date, d.total]));
    expect([learned['2026-01-14'], learned['2026-01-15'], learned['2026-01-16'], learned['2026-01-28']]).toEqual([0, 1, 2, 2]);
    // Weeks from Monday, each week of the range once; the one review of a learnt card is in the week of 26 January.
    expect(progress.retentionByWeek[0].week).toBe('2025-12-29');
    expect(progress.retentionByWeek.at(-1)).toEqual({ week: '2026-01-26', reviews: 1, recalled: 0 });
    expect(progress.retentionByWeek.filter((w: { reviews: number }) => w.reviews > 0)).toHaveLength(1);
  });

  test('a range other than 30 or 90 days is refused; a visitor gets a 401', async () => {
    const { cookie } = await t.signUp();
    for (const path of ['/api/stats/progress?days=7', '/api/review/progress?days=abc']) {
      const res = await t.request('GET', path, { cookie });
      expect(res.status).toBe(400);
    }
    expect((await t.server.api.stats.progress.get()).status).toBe(401);
    expect((await t.server.api.review.progress.get()).status).toBe(401);
  });
});
