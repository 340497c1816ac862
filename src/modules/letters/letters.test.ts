import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import { NUMBER_LETTERS } from './content';

const t = createTestApp();
afterAll(() => t.close());

const statsRow = (userId: number) =>
  t.db.$client.query('select total_answered, total_correct, total_incorrect, points from user_stats where user_id = ?').get(userId);

describe('GET /api/letters', () => {
  test('the five number-letters of the guide, open to everyone', async () => {
    const res = await t.server.api.letters.get();
    expect(res.status).toBe(200);
    expect(res.json.map((l: { number: number }) => l.number)).toEqual([2, 3, 5, 7, 8]);
    expect(res.json[3]).toEqual({
      number: 7,
      arabizi: '7',
      arabic: 'ح',
      englishLetter: 'h',
      meaning: expect.stringContaining('breathy h'),
      example: { arabizi: '7abibi', arabic: 'حبيبي', english: 'my dear' },
    });
  });
});

describe('letter progress', () => {
  test('needs a session', async () => {
    expect((await t.server.api.letters.progress.get()).status).toBe(401);
    expect((await t.server.api.letters.progress.post({ letterNumber: 7, correct: true })).status).toBe(401);
  });

  test('answers count per letter and move the letters streak only', async () => {
    const { cookie } = await t.signUp();
    const first = await t.server.api.letters.progress.post({ letterNumber: 7, correct: true }, { cookie });
    expect(first.status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(first.json).toEqual({
      letterNumber: 7,
      timesCorrect: 1,
      timesIncorrect: 0,
      lastPracticed: now,
      streak: { currentStreak: 1, bestStreak: 1, lastPracticeDate: now },
      points: 5,
      earned: ['First Steps'],
    });
    await t.server.api.letters.progress.post({ letterNumber: 3, correct: true }, { cookie });
    const wrong = await t.server.api.letters.progress.post({ letterNumber: 7, correct: false }, { cookie });
    expect(wrong.json).toMatchObject({
      letterNumber: 7,
      timesCorrect: 1,
      timesIncorrect: 1,
      streak: { currentStreak: 0, bestStreak: 2 },
      points: 10,
      earned: [],
    });

    const progress = await t.server.api.letters.progress.get({ cookie });
    expect(progress.json).toEqual([
      { letterNumber: 2, timesCorrect: 0, timesIncorrect: 0, lastPracticed: null },
      { letterNumber: 3, timesCorrect: 1, timesIncorrect: 0, lastPracticed: now },
      { letterNumber: 5, timesCorrect: 0, timesIncorrect: 0, lastPracticed: null },
      { letterNumber: 7, timesCorrect: 1, timesIncorrect: 1, lastPracticed: now },
      { letterNumber: 8, timesCorrect: 0, timesIncorrect: 0, lastPracticed: null },
    ]);
    expect((await t.server.api.streak.get({ cookie, query: { page: 'letters' } })).json).toMatchObject({ currentStreak: 0, bestStreak: 2 });
    expect((await t.server.api.streak.get({ cookie, query: { page: 'unified' } })).json).toMatchObject({ currentStreak: 0, bestStreak: 0 });
  });

  test('5 points a correct letter; Number Letters once every letter is right 3 times', async () => {
    const { cookie, user } = await t.signUp();
    const answer = (letterNumber: (typeof NUMBER_LETTERS)[number], correct = true) =>
      t.server.api.letters.progress.post({ letterNumber, correct }, { cookie });
    for (const n of NUMBER_LETTERS.slice(0, 4))
      for (let i = 0; i < 3; i++) expect((await answer(n)).json.earned).not.toContain('Number Letters');
    await answer(8);
    await answer(8, false);
    expect((await answer(8)).json.earned).toEqual([]);
    const third = await answer(8);
    expect(third.json).toMatchObject({ timesCorrect: 3, points: 15 * 5, earned: ['Number Letters'] });
    expect((await answer(8)).json.earned).toEqual([]);
    expect(statsRow(user.id)).toEqual({ total_answered: 17, total_correct: 16, total_incorrect: 1, points: 80 });
    expect(
      t.db.$client.query("select count(*) as n from achievements where user_id = ? and achievement = 'Number Letters'").get(user.id),
    ).toEqual({ n: 1 });
  });

  test('answers sent together all count', async () => {
    const { cookie } = await t.signUp();
    await Promise.all(Array.from({ length: 10 }, () => t.server.api.letters.progress.post({ letterNumber: 5, correct: true }, { cookie })));
    const progress = await t.server.api.letters.progress.get({ cookie });
    expect(progress.json.find((p) => p.letterNumber === 5)!.timesCorrect).toBe(10);
    expect((await t.server.api.streak.get({ cookie, query: { page: 'letters' } })).json.currentStreak).toBe(10);
  });

  test('bad input answers 400 with the field named, never 500', async () => {
    const { cookie } = await t.signUp();
    const cases: Array<[unknown, string]> = [
      [{ letterNumber: 4, correct: true }, 'letterNumber must be one of 2, 3, 5, 7, 8.'],
      [{ letterNumber: '7', correct: true }, 'letterNumber must be one of 2, 3, 5, 7, 8.'],
      [{ letterNumber: 7 }, 'The field correct is required.'],
      [{ correct: true }, 'The field letterNumber is required.'],
      [{ letterNumber: 7, correct: 'yes' }, 'correct must be true or false.'],
      [[1, 2], 'The field letterNumber is required.'],
      ['"text"', 'The request body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.request('POST', '/api/letters/progress', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ error: 'Validation Error', message });
    }
    const broken = await t.request('POST', '/api/letters/progress', {
      cookie,
      body: '{"letterNumber": 7,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    // Nothing was counted.
    expect(
      (await t.server.api.letters.progress.get({ cookie })).json.every(
        (p: { timesCorrect: number; timesIncorrect: number }) => p.timesCorrect + p.timesIncorrect === 0,
      ),
    ).toBe(true);
  });

  test('a letter missing from the guide is a 404', async () => {
    const { cookie } = await t.signUp();
    t.db.$client.run('delete from letters where number = 8');
    try {
      const res = await t.server.api.letters.progress.post({ letterNumber: 8, correct: true }, { cookie });
      expect(res.status).toBe(404);
      expect(res.error?.message).toBe('This letter is not in the guide.');
      expect((await t.server.api.streak.get({ cookie, query: { page: 'letters' } })).json.currentStreak).toBe(0);
    } finally {
      t.db.$client.run(
        "insert into letters (number, arabic, english_letter, meaning, example_arabizi, example_arabic, example_english, sort_order) values (8, 'غ', 'gh', 'm', '8ali', 'غالي', 'expensive', 4)",
      );
    }
  });
});
