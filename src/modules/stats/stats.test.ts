import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../lib/clock';
import { users } from '../auth/schema';
import { createTestApp } from '../../../tests/support/app';
import type { AwardInput, Standings } from './service';
import { LATEST_INTERVAL_MS } from '../../lib/events';
import { pointsLedger, userStats } from './schema';

const t = createTestApp();
afterAll(() => t.close());

// A Thursday at noon UTC: the week began on Monday 12 January.
const THURSDAY = new Date('2026-01-15T12:00:00Z');
beforeEach(() => t.clock.set(THURSDAY));

const { stats } = t.services;
const award = (input: AwardInput) => stats.award(input);
const answer = (cookie: string, wordId: number, body: Answer) => t.server.api.words({ id: wordId }).progress.post(body, { cookie });
type Answer = Parameters<ReturnType<typeof t.server.api.words>['progress']['post']>[0];

let wordIds: number[] = [];
async function learner() {
  const signed = await t.signUp();
  if (wordIds.length === 0) wordIds = (await t.server.api.words.get({ cookie: signed.cookie })).json.map((w: { id: number }) => w.id);
  return signed;
}

/** Collects the events published to everyone on a channel. */
function listen(channel: string) {
  const seen: unknown[] = [];
  const publish = t.app.ctx.events.publish.bind(t.app.ctx.events);
  t.app.ctx.events.publish = (c, data, userId) => {
    if (c === channel) seen.push(data);
    publish(c, data, userId);
  };
  return { seen, stop: () => (t.app.ctx.events.publish = publish) };
}

describe('points and totals from answers', () => {
  test('a correct card answer earns 10 points, a wrong one counts as answered with none', async () => {
    const { cookie, user } = await learner();
    expect((await answer(cookie, wordIds[0]!, { correct: true, page: 'unified' })).status).toBe(200);
    expect((await answer(cookie, wordIds[1]!, { correct: false, page: 'unified' })).status).toBe(200);
    expect((await answer(cookie, wordIds[2]!, { correct: true })).status).toBe(200);
    // A flag alone is not an answer.
    expect((await answer(cookie, wordIds[3]!, { flag: true })).status).toBe(200);
    const res = await t.server.api.stats.get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      totalAnswered: 3,
      totalCorrect: 2,
      totalIncorrect: 1,
      points: 20,
      weeklyPoints: 20,
      bestStreak: 1,
      consecutiveDays: 1,
    });
    const ledger = t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id)).all();
    expect(ledger.map((l) => [l.points, l.source])).toEqual([
      [10, 'card'],
      [10, 'card'],
    ]);
  });

  test('a which-word answer earns 10 points too', async () => {
    const { cookie } = await learner();
    await answer(cookie, wordIds[0]!, { correct: true, flag: false, page: 'which-word' });
    expect((await t.server.api.stats.get({ cookie })).json.points).toBe(10);
  });

  test('letters 5, sentences 20, a completed lesson 50', async () => {
    const { user } = await learner();
    award({ userId: user.id, points: 5, reason: 'letter', page: 'letters', correct: true });
    award({ userId: user.id, points: 20, reason: 'sentence', page: 'sentences', correct: true });
    expect(award({ userId: user.id, points: 50, reason: 'lesson' })).toEqual({ points: 75, earned: ['Scholar'] });
    // Completing a lesson is not an answer.
    expect(stats.statsOf(user.id)).toMatchObject({ totalAnswered: 2, totalCorrect: 2, points: 75 });
  });

  test('an answer whose transaction rolls back leaves no points behind', async () => {
    const { user } = await learner();
    expect(() =>
      t.db.transaction(() => {
        stats.award({ userId: user.id, points: 10, reason: 'card', correct: true });
        throw new Error('the answer failed');
      }),
    ).toThrow('the answer failed');
    expect(stats.statsOf(user.id)).toMatchObject({
      totalAnswered: 0,
      points: 0,
      achievements: expect.arrayContaining([expect.objectContaining({ name: 'First Steps', earned: false })]),
    });
  });

  test('answers arriving together all count', async () => {
    const { cookie } = await learner();
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => answer(cookie, wordIds[i % wordIds.length]!, { correct: i % 3 !== 0, page: 'unified' })),
    );
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({
      totalAnswered: 30,
      totalCorrect: 20,
      totalIncorrect: 10,
      points: 200,
    });
  });
});

describe('achievements', () => {
  const earned = (userId: number) =>
    stats
      .statsOf(userId)
      .achievements.filter((a) => a.earned)
      .map((a) => a.name);

  test('all eight are listed, none earned at first', async () => {
    const { cookie } = await learner();
    const list = (await t.server.api.stats.get({ cookie })).json.achievements;
    expect(list.map((a) => a.name)).toEqual([
      'First Steps',
      'On Fire',
      'Unstoppable',
      'Batch Master',
      'Dedicated',
      'Wordsmith',
      'Scholar',
      'Number Letters',
    ]);
    expect(list.every((a) => !a.earned && a.earnedAt === null)).toBe(true);
  });

  test('First Steps on the first correct answer, On Fire at a streak of 10, each earned once', async () => {
    const { cookie, user } = await learner();
    await answer(cookie, wordIds[0]!, { correct: false, page: 'unified' });
    expect(earned(user.id)).toEqual([]);
    await answer(cookie, wordIds[0]!, { correct: true, page: 'unified' });
    expect(earned(user.id)).toEqual(['First Steps']);
    for (let i = 1; i < 9; i++) await answer(cookie, wordIds[i]!, { correct: true, page: 'unified' });
    expect(earned(user.id)).toEqual(['First Steps']);
    await answer(cookie, wordIds[9]!, { correct: true, page: 'unified' });
    expect(earned(user.id)).toEqual(['First Steps', 'On Fire']);
    const firstSteps = stats.statsOf(user.id).achievements[0]!;
    expect(firstSteps.earnedAt).toBe(THURSDAY.toISOString());
    expect(stats.statsOf(user.id).bestStreak).toBe(10);
  });

  test('Unstoppable at 50, Batch Master at batch 6, Wordsmith at 100 correct, Number Letters from the letters module', async () => {
    const { user } = await learner();
    for (let i = 0; i < 50; i++) t.services.streak.record(user.id, 'letters', true);
    expect(award({ userId: user.id, points: 5, reason: 'letter', page: 'letters', correct: true }).earned).toEqual([
      'First Steps',
      'On Fire',
      'Unstoppable',
    ]);
    expect(award({ userId: user.id, points: 10, reason: 'card', correct: true, allBatchesUnlocked: false }).earned).toEqual([]);
    expect(award({ userId: user.id, points: 10, reason: 'card', correct: true, allBatchesUnlocked: true }).earned).toEqual([
      'Batch Master',
    ]);
    for (let i = 0; i < 96; i++) award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(earned(user.id)).not.toContain('Wordsmith');
    expect(award({ userId: user.id, points: 10, reason: 'card', correct: true }).earned).toEqual(['Wordsmith']);
    expect(award({ userId: user.id, points: 5, reason: 'letter', correct: true, numberLettersMastered: true }).earned).toEqual([
      'Number Letters',
    ]);
  });

  test('a wrong lesson answer is not a completed lesson', async () => {
    const { user } = await learner();
    award({ userId: user.id, points: 0, reason: 'lesson', correct: false });
    expect(earned(user.id)).toEqual([]);
  });
});

describe('consecutive days in the learner time zone', () => {
  const beat = (cookie: string, timeZone: string) =>
    t.server.api.analytics.activity.post({ sessionId: 'tab-00000001', page: '/stats', timeZone }, { cookie });

  test('Dedicated after 7 days in a row, counted in the learner day, not UTC', async () => {
    const { cookie, user } = await learner();
    expect((await beat(cookie, 'Asia/Beirut')).status).toBe(204);
    // 23:30 and 00:30 in Beirut (UTC+2 in January): two days there, one day in UTC.
    t.clock.set('2026-01-05T21:30:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    for (let day = 0; day < 6; day++) {
      t.clock.set(new Date(Date.parse('2026-01-05T22:30:00Z') + day * DAY_MS));
      award({ userId: user.id, points: 10, reason: 'card', correct: true });
      // Several answers on one day count once.
      award({ userId: user.id, points: 0, reason: 'card', correct: false });
    }
    expect(stats.statsOf(user.id)).toMatchObject({ consecutiveDays: 7, lastStudyDate: '2026-01-11' });
    expect(stats.statsOf(user.id).achievements.find((a) => a.name === 'Dedicated')!.earned).toBe(true);
  });

  test('the same instants in UTC are one day fewer, and a missed day starts the run again', async () => {
    const { user } = await learner();
    t.clock.set('2026-01-05T21:30:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    t.clock.set('2026-01-05T22:30:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(stats.statsOf(user.id).consecutiveDays).toBe(1);
    t.clock.set('2026-01-06T22:30:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(stats.statsOf(user.id).consecutiveDays).toBe(2);
    // A whole day without study: the run shows 0, and the next study day starts at 1.
    t.clock.set('2026-01-08T12:00:00Z');
    expect(stats.statsOf(user.id).consecutiveDays).toBe(0);
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(stats.statsOf(user.id).consecutiveDays).toBe(1);
    expect(stats.statsOf(user.id).achievements.find((a) => a.name === 'Dedicated')!.earned).toBe(false);
  });

  test('a learner west of UTC keeps their evening on their own day', async () => {
    const { cookie, user } = await learner();
    await beat(cookie, 'America/Los_Angeles');
    // 17:00 and 23:00 on 5 January in Los Angeles, already 6 January in UTC.
    t.clock.set('2026-01-06T01:00:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    t.clock.set('2026-01-06T07:00:00Z');
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(stats.statsOf(user.id)).toMatchObject({ consecutiveDays: 1, lastStudyDate: '2026-01-05' });
  });
});

describe('the leaderboard', () => {
  test('top 20 of all time and of this week, ties share a rank, the viewer sees their own place', async () => {
    const fresh = createTestApp({ content: false });
    try {
      fresh.clock.set(THURSDAY);
      const s = fresh.services.stats;
      const give = (userId: number, points: number) =>
        fresh.db.transaction(() => s.award({ userId, points, reason: 'card', correct: true }));
      const made = fresh.db
        .insert(users)
        .values(
          Array.from({ length: 24 }, (_, i) => ({
            email: `p${i}@example.com`,
            username: `player${String(i).padStart(2, '0')}`,
            usernameKey: `player${String(i).padStart(2, '0')}`,
            name: 'P',
          })),
        )
        .returning({ id: users.id, username: users.username })
        .all();
      // Last week: player00 leads all time with 1000 points.
      fresh.clock.set('2026-01-11T23:59:00Z');
      give(made[0]!.id, 1000);
      fresh.clock.set(THURSDAY);
      for (let i = 1; i < 24; i++) give(made[i]!.id, 10 * i);
      give(made[5]!.id, 10); // player05 ties player06 at 60.

      const board = s.leaderboard(made[0]!);
      expect(board.allTime.entries).toHaveLength(20);
      expect(board.allTime.entries.slice(0, 2)).toEqual([
        { rank: 1, username: 'player00', points: 1000 },
        { rank: 2, username: 'player23', points: 230 },
      ]);
      expect(board.allTime.viewer).toEqual({ rank: 1, username: 'player00', points: 1000 });
      expect(board.thisWeek.since).toBe('2026-01-12T00:00:00.000Z');
      expect(board.thisWeek.entries[0]).toEqual({ rank: 1, username: 'player23', points: 230 });
      expect(board.thisWeek.entries.map((e) => e.username)).not.toContain('player00');
      expect(board.thisWeek.viewer).toEqual({ rank: null, username: 'player00', points: 0 });

      const low = s.leaderboard(made[1]!);
      expect(low.allTime.viewer).toEqual({ rank: 24, username: 'player01', points: 10 });
      expect(low.thisWeek.viewer).toEqual({ rank: 23, username: 'player01', points: 10 });
      const tied = s.leaderboard(made[5]!).thisWeek;
      expect(tied.viewer.rank).toBe(18);
      expect(tied.entries.filter((e) => e.points === 60)).toEqual([
        { rank: 18, username: 'player05', points: 60 },
        { rank: 18, username: 'player06', points: 60 },
      ]);
      expect(tied.entries[18]).toEqual({ rank: 18, username: 'player06', points: 60 });
      expect(tied.entries[19]).toEqual({ rank: 20, username: 'player04', points: 40 });

      // Next Monday the week starts empty; all time keeps everything.
      fresh.clock.set('2026-01-19T00:00:00Z');
      const nextWeek = s.leaderboard(made[0]!);
      expect(nextWeek.thisWeek.entries).toEqual([]);
      expect(nextWeek.allTime.entries[0]!.points).toBe(1000);
      // An account waiting for deletion leaves the boards.
      fresh.db.update(users).set({ markedForDeletion: true }).where(eq(users.id, made[0]!.id)).run();
      expect(s.leaderboard(made[1]!).allTime.entries[0]!.username).toBe('player23');
    } finally {
      fresh.close();
    }
  });

  test('points send the newest standings once their answers committed; a wrong answer sends nothing', async () => {
    const { cookie, user } = await learner();
    // Standings owed to earlier tests' answers go out first.
    await Bun.sleep(2 * LATEST_INTERVAL_MS);
    const events = listen('leaderboard');
    try {
      await answer(cookie, wordIds[0]!, { correct: false, page: 'unified' });
      await Bun.sleep(LATEST_INTERVAL_MS + 50);
      expect(events.seen).toHaveLength(0);
      for (let i = 0; i < 3; i++) await answer(cookie, wordIds[i]!, { correct: true, page: 'unified' });
      const carries30 = () =>
        (events.seen.at(-1) as Standings | undefined)?.allTime.some((e) => e.username === user.username && e.points === 30);
      for (let waited = 0; !carries30() && waited < 5000; waited += 20) await Bun.sleep(20);
      expect(events.seen.length).toBeGreaterThanOrEqual(1);
      expect(events.seen.length).toBeLessThanOrEqual(3);
      const standings = events.seen.at(-1) as Standings;
      expect(standings.allTime).toContainEqual(expect.objectContaining({ username: user.username, points: 30 }));
      expect(standings.thisWeek.entries).toContainEqual(expect.objectContaining({ username: user.username, points: 30 }));
    } finally {
      events.stop();
    }
  });

  test('GET /api/stats/leaderboard answers the viewer their boards', async () => {
    const { cookie, user } = await learner();
    await answer(cookie, wordIds[0]!, { correct: true, page: 'unified' });
    const res = await t.server.api.stats.leaderboard.get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json.allTime.viewer).toMatchObject({ username: user.username, points: 10 });
    expect(res.json.thisWeek.entries).toContainEqual(expect.objectContaining({ username: user.username, points: 10 }));
  });
});

describe('session analytics', () => {
  const beat = (cookie: string, page: string, sessionId = 'tab-aaaaaaaa') =>
    t.server.api.analytics.activity.post({ sessionId, page }, { cookie });

  test('time between heartbeats goes to the feature in use; a long gap and other pages do not count', async () => {
    const { cookie } = await learner();
    expect((await t.server.api.analytics.session.get({ cookie })).json).toEqual({ totalTimeSpent: 0, lastActive: null, featureUsage: [] });
    await beat(cookie, '/words');
    t.clock.advance(15_000);
    await beat(cookie, '/words');
    t.clock.advance(15_000);
    await beat(cookie, '/words');
    t.clock.advance(20_000);
    await beat(cookie, '/which-word/Food');
    t.clock.advance(15_000);
    await beat(cookie, '/settings');
    // Away for ten minutes: not learning time.
    t.clock.advance(600_000);
    await beat(cookie, '/letters');
    t.clock.advance(10_000);
    await beat(cookie, '/letters');
    // Another tab's session is measured on its own.
    await beat(cookie, '/lesson/3', 'tab-bbbbbbbb');
    t.clock.advance(5_000);
    await beat(cookie, '/lesson/3', 'tab-bbbbbbbb');
    const res = await t.server.api.analytics.session.get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      totalTimeSpent: 65,
      lastActive: t.clock.now().toISOString(),
      featureUsage: [
        { featureId: 'words', totalTime: 30 },
        { featureId: 'which-word', totalTime: 20 },
        { featureId: 'letters', totalTime: 10 },
        { featureId: 'lessons', totalTime: 5 },
      ],
    });
  });

  test('a page whose path the browser reports decoded, with spaces, is credited to its own feature', async () => {
    const { cookie } = await learner();
    for (const page of ['/topics/Food and Drink', '/topics/Verb: to eat', '/which-word/Body Parts']) {
      const res = await beat(cookie, page, 'tab-cccccccc');
      expect({ page, status: res.status }).toEqual({ page, status: 204 });
      t.clock.advance(15_000);
    }
    await beat(cookie, '/settings', 'tab-cccccccc');
    // Each beat credits the time since the one before to the page it names: a topic's page to that topic, by name.
    expect((await t.server.api.analytics.session.get({ cookie })).json.featureUsage).toEqual([
      { featureId: 'Verb: to eat', totalTime: 15 },
      { featureId: 'which-word', totalTime: 15 },
    ]);
    for (const [page, seconds] of [
      ['/topics/Food and Drink', 20],
      ['/topics', 5],
    ] as const) {
      await beat(cookie, page, 'tab-cccccccc');
      t.clock.advance(seconds * 1000);
      await beat(cookie, page, 'tab-cccccccc');
    }
    expect((await t.server.api.analytics.session.get({ cookie })).json.featureUsage).toEqual([
      { featureId: 'Food and Drink', totalTime: 20 },
      { featureId: 'Verb: to eat', totalTime: 15 },
      { featureId: 'which-word', totalTime: 15 },
      { featureId: 'topics', totalTime: 5 },
    ]);
  });
});

describe('listening and speaking', () => {
  const beat = (cookie: string, page: string, activity?: 'speaking' | 'listening') =>
    t.server.api.analytics.activity.post({ sessionId: 'tab-cccccccc', page, activity }, { cookie });

  test('the drill page is listening time; a beat sent while speaking credits speaking, not the page', async () => {
    const { cookie } = await learner();
    await beat(cookie, '/listen');
    t.clock.advance(15_000);
    await beat(cookie, '/listen');
    t.clock.advance(10_000);
    await beat(cookie, '/words');
    t.clock.advance(4_000);
    expect((await beat(cookie, '/words', 'speaking')).status).toBe(204);
    t.clock.advance(6_000);
    await beat(cookie, '/words');
    expect((await t.server.api.analytics.session.get({ cookie })).json.featureUsage).toEqual([
      { featureId: 'words', totalTime: 16 },
      { featureId: 'listening', totalTime: 15 },
      { featureId: 'speaking', totalTime: 4 },
    ]);
    const singing = await t.request('POST', '/api/analytics/activity', {
      cookie,
      body: { sessionId: 'tab-cccccccc', page: '/words', activity: 'singing' },
    });
    expect({ status: singing.status, message: singing.json.message }).toEqual({
      status: 400,
      message: "activity must be 'speaking' or 'listening'.",
    });
  });

  test('a dialogue heard in Listen is listening time; the rest of the dialogue page stays Dialogues', async () => {
    const { cookie } = await learner();
    await beat(cookie, '/dialogues/1');
    t.clock.advance(5_000);
    // The dialogue starts playing: the time so far was the page's; it ends: the time since was listening.
    await beat(cookie, '/dialogues/1');
    t.clock.advance(12_000);
    expect((await beat(cookie, '/dialogues/1', 'listening')).status).toBe(204);
    t.clock.advance(3_000);
    await beat(cookie, '/dialogues/1');
    expect((await t.server.api.analytics.session.get({ cookie })).json.featureUsage).toEqual([
      { featureId: 'listening', totalTime: 12 },
      { featureId: 'dialogues', totalTime: 8 },
    ]);
  });

  test('answers by ear and by mouth are counted apart, each with its right answers; others are not', async () => {
    const { user } = await learner();
    award({ userId: user.id, points: 10, reason: 'listening', correct: true });
    award({ userId: user.id, points: 0, reason: 'listening', correct: false });
    award({ userId: user.id, points: 0, reason: 'speaking', correct: false });
    award({ userId: user.id, points: 10, reason: 'card', correct: true });
    expect(stats.statsOf(user.id)).toMatchObject({
      totalAnswered: 4,
      points: 20,
      skills: { listening: { answered: 2, correct: 1 }, speaking: { answered: 1, correct: 0 } },
    });
  });
});

describe('routes refuse what they should', () => {
  test('signed out: 401 on every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/stats'],
      ['GET', '/api/stats/leaderboard'],
      ['GET', '/api/analytics/session'],
      ['POST', '/api/analytics/activity'],
    ] as const) {
      const res = await t.request(method, path, { body: method === 'POST' ? { sessionId: 'tab-00000001', page: '/words' } : undefined });
      expect(res.status).toBe(401);
    }
  });

  test('bad heartbeats are 400 with the field named, and change nothing', async () => {
    const { cookie, user } = await learner();
    const bad = [
      [{ sessionId: 'x', page: '/words' }, 'sessionId'],
      [{ sessionId: 'tab-00000001', page: 'words' }, 'page'],
      [{ sessionId: 'tab-00000001', page: '/words?x=1' }, 'page'],
      [{ sessionId: 'tab-00000001', page: '/topics/Food\nand Drink' }, 'page'],
      [{ sessionId: 'tab-00000001', page: '/topics/Food\u0000' }, 'page'],
      [{ sessionId: 'tab-00000001', page: '/words', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ sessionId: 'tab-00000001', page: '/words', timeZone: 3 }, 'timeZone'],
      [{ page: '/words' }, 'sessionId'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await t.request('POST', '/api/analytics/activity', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.json.details.field).toBe(field);
    }
    expect((await t.request('POST', '/api/analytics/activity', { cookie, body: '[1]' })).status).toBe(400);
    expect((await t.request('POST', '/api/analytics/activity', { cookie, body: '{not json' })).status).toBeLessThan(500);
    expect(t.db.select().from(userStats).where(eq(userStats.userId, user.id)).get()).toBeUndefined();
    expect((await t.server.api.analytics.session.get({ cookie })).json.featureUsage).toEqual([]);
  });

  test('a valid time zone is kept', async () => {
    const { cookie, user } = await learner();
    const res = await t.server.api.analytics.activity.post(
      { sessionId: 'tab-00000001', page: '/words', timeZone: 'Asia/Beirut' },
      { cookie },
    );
    expect(res.status).toBe(204);
    expect(t.db.select().from(userStats).where(eq(userStats.userId, user.id)).get()!.timeZone).toBe('Asia/Beirut');
  });
});
