import { afterAll, describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { createTestApp } from '../../../tests/support/app';
import { nextStreak } from './rules';

const t = createTestApp({ content: false });
afterAll(() => t.close());

const update = (cookie: string | undefined, body: Parameters<typeof t.server.api.streak.update.post>[0]) =>
  t.server.api.streak.update.post(body, { cookie });

describe('the streak service', () => {
  test('correct adds one and lifts the best, wrong resets to 0 and keeps the best, per page', async () => {
    const { user } = await t.signUp();
    const { streak } = t.services;
    expect(streak.get(user.id, 'unified')).toEqual({ currentStreak: 0, bestStreak: 0, lastPracticeDate: null });
    for (const correct of [true, true, true, false, true]) streak.record(user.id, 'unified', correct);
    expect(streak.get(user.id, 'unified')).toMatchObject({ currentStreak: 1, bestStreak: 3 });
    streak.record(user.id, 'letters', true);
    expect(streak.get(user.id, 'letters')).toMatchObject({ currentStreak: 1, bestStreak: 1 });
    expect(streak.get(user.id, 'unified')).toMatchObject({ currentStreak: 1, bestStreak: 3 });
  });

  test('a new day neither resets nor breaks the streak; the practice date follows the clock', async () => {
    const { user } = await t.signUp();
    const { streak } = t.services;
    const midnight = Math.ceil(t.clock.now().getTime() / DAY_MS) * DAY_MS;
    t.clock.set(new Date(midnight - 1000));
    streak.record(user.id, 'sentences', true);
    t.clock.set(new Date(midnight + 1000));
    expect(streak.record(user.id, 'sentences', true)).toEqual({
      currentStreak: 2,
      bestStreak: 2,
      lastPracticeDate: new Date(midnight + 1000),
    });
    t.clock.advance(10 * DAY_MS);
    expect(streak.record(user.id, 'sentences', true)).toMatchObject({ currentStreak: 3, lastPracticeDate: t.clock.now() });
  });
});

describe('GET /api/streak and POST /api/streak/update', () => {
  test('read and update the flash-card streak by default, other pages by name', async () => {
    const { cookie } = await t.signUp();
    expect((await t.server.api.streak.get({ cookie })).json).toEqual({ currentStreak: 0, bestStreak: 0, lastPracticeDate: null });
    await update(cookie, { correct: true, page: 'unified' });
    // Sent raw: the page may be left out (it defaults to the cards'), which the route's body type does not say.
    const res = await t.request('POST', '/api/streak/update', { cookie, body: { correct: true } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ currentStreak: 2, bestStreak: 2, lastPracticeDate: t.clock.now().toISOString() });
    expect((await update(cookie, { correct: false, page: 'unified' })).json).toMatchObject({ currentStreak: 0, bestStreak: 2 });
    expect((await update(cookie, { correct: true, page: 'which-word' })).json).toMatchObject({ currentStreak: 1, bestStreak: 1 });
    expect((await t.server.api.streak.get({ cookie, query: { page: 'which-word' } })).json).toMatchObject({ currentStreak: 1 });
    expect((await t.server.api.streak.get({ cookie })).json).toMatchObject({ currentStreak: 0, bestStreak: 2 });
  });

  test('the flash-card streak unlocks batches', async () => {
    const { cookie } = await t.signUp();
    await update(cookie, { correct: true, page: 'unified' });
    expect((await t.server.api.words.batch.get({ cookie })).json).toMatchObject({ batch: 1, lastUnlockDate: null });
    for (let i = 1; i < 20; i++) await update(cookie, { correct: true, page: 'unified' });
    const batch = await t.server.api.words.batch.get({ cookie });
    expect(batch.json).toMatchObject({ batch: 2, maxUnlockedBatch: 2, lastUnlockDate: t.clock.now().toISOString() });
  });

  test('fifty updates at once all count', async () => {
    const { cookie } = await t.signUp();
    const all = await Promise.all(Array.from({ length: 50 }, () => update(cookie, { correct: true, page: 'letters' })));
    expect(all.map((r) => r.json.currentStreak).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((await t.server.api.streak.get({ cookie, query: { page: 'letters' } })).json).toMatchObject({
      currentStreak: 50,
      bestStreak: 50,
    });
  });

  test('need a session', async () => {
    expect((await t.server.api.streak.get()).status).toBe(401);
    expect((await update(undefined, { correct: true, page: 'unified' })).status).toBe(401);
  });

  test('bad input answers 400', async () => {
    const { cookie } = await t.signUp();
    for (const body of [{}, { correct: 'true' }, { correct: 1 }, { correct: true, page: 'words' }, { correct: true, page: 3 }, [], 'x']) {
      const res = await t.request('POST', '/api/streak/update', { cookie, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await t.request('POST', '/api/streak/update', { cookie, body: { correct: 'true' } })).json).toMatchObject({
      error: 'Validation Error',
      message: 'correct must be true or false.',
    });
    expect((await t.request('POST', '/api/streak/update', { cookie, body: {} })).json).toMatchObject({
      error: 'Validation Error',
      message: 'The field correct is required.',
      details: { field: 'correct' },
    });
    const page = await t.request('GET', '/api/streak?page=nope', { cookie });
    expect(page.status).toBe(400);
    expect(page.error?.message).toBe('page must be one of unified, which-word, letters, sentences, listening.');
    expect((await t.server.api.streak.get({ cookie })).json).toMatchObject({ currentStreak: 0 });
  });
});

// The browser counts with this rule when the server cannot be reached: the same rule as the server's
// (docs/product-rules.md#streak).
describe('the streak rule the browser applies offline', () => {
  test('a correct answer adds one and lifts the best; a wrong one sets the streak to 0 and keeps the best', () => {
    expect(nextStreak({ currentStreak: 4, bestStreak: 4 }, true)).toEqual({ currentStreak: 5, bestStreak: 5 });
    expect(nextStreak({ currentStreak: 2, bestStreak: 9 }, true)).toEqual({ currentStreak: 3, bestStreak: 9 });
    expect(nextStreak({ currentStreak: 7, bestStreak: 9 }, false)).toEqual({ currentStreak: 0, bestStreak: 9 });
  });
});
