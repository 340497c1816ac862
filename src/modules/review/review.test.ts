import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rating, State } from 'ts-fsrs';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';
import { addDays } from '../../lib/calendar';
import { GRADES, defaultDirection, forecast, intervalLabel, ratingFor } from './rules';

const { t, wordId } = testContentApp();

const sql = t.db.$client;
const cardsOf = (userId: number) =>
  sql
    .query('select kind, item_id as itemId, direction, state, reps, lapses, due from review_cards where user_id = ? order by id')
    .all(userId) as {
    kind: string;
    itemId: number;
    direction: string;
    state: number;
    reps: number;
    lapses: number;
    due: number;
  }[];
const ratingsOf = (userId: number) =>
  (sql.query('select rating from review_log where user_id = ? order by id').all(userId) as { rating: number }[]).map((r) => r.rating);
const answer = (cookie: string, id: number, body: object) => t.server.api.words({ id }).progress.post(body, { cookie });

describe('rules', () => {
  test('grades map to FSRS ratings; without one, I know it is Good however quick', () => {
    expect(ratingFor(false)).toBe(Rating.Again);
    expect(ratingFor(true)).toBe(Rating.Good);
    expect(GRADES.map((g) => ratingFor(g !== 'again', g))).toEqual([Rating.Again, Rating.Hard, Rating.Good, Rating.Easy]);
  });

  test('intervals read as a button shows them', () => {
    expect(
      [10_000, 6 * 60_000, 90 * 60_000, 23 * 3600_000, 30 * 3600_000, 8.4 * DAY_MS, 45 * DAY_MS, 800 * DAY_MS].map(intervalLabel),
    ).toEqual(['1 min', '6 min', '2 h', '23 h', '1 day', '8 days', '2 mo', '2.2 yr']);
  });

  test('the side an answer came from defaults to what its page shows', () => {
    expect(defaultDirection('unified')).toBe('english-to-lebanese');
    expect(defaultDirection('which-word')).toBe('english-to-lebanese');
    expect(defaultDirection(undefined)).toBe('lebanese-to-english');
  });

  test('the forecast counts overdue cards today and leaves out what is past its 14 days', () => {
    const days = forecast('2026-03-28', ['2026-03-01', '2026-03-28', '2026-03-29', '2026-03-29', '2026-04-10', '2026-04-11']);
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-03-28', due: 2 });
    expect(days[1]).toEqual({ date: '2026-03-29', due: 2 });
    expect(days[13]).toEqual({ date: '2026-04-10', due: 1 });
    expect(days.reduce((n, d) => n + d.due, 0)).toBe(5);
    // Across the spring clock change every day is still there once.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });
});

describe('answers update memory cards', () => {
  test('a card per word and direction, scheduled by FSRS, with every review logged', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    expect((await answer(cookie, id, { correct: true, page: 'unified' })).status).toBe(200);
    expect((await answer(cookie, id, { correct: false })).status).toBe(200);
    expect((await answer(cookie, id, { correct: true, direction: 'lebanese-to-english', grade: 'easy' })).status).toBe(200);
    const cards = cardsOf(user.id);
    expect(cards).toEqual([
      expect.objectContaining({ kind: 'word', itemId: id, direction: 'english-to-lebanese', state: State.Learning, reps: 1 }),
      expect.objectContaining({ kind: 'word', itemId: id, direction: 'lebanese-to-english', reps: 2 }),
    ]);
    expect(cards[0]!.due).toBeGreaterThan(t.clock.now().getTime());
    expect(ratingsOf(user.id)).toEqual([Rating.Good, Rating.Again, Rating.Easy]);
  });

  test('a flag alone is no review', async () => {
    const { cookie, user } = await t.signUp();
    expect((await answer(cookie, wordId(testEnglish('Colors', 2)), { flag: true })).status).toBe(200);
    expect(cardsOf(user.id)).toEqual([]);
  });

  test('letters have a card each', async () => {
    const { cookie, user } = await t.signUp();
    // The vocabulary test content has no letters guide: one letter is enough here.
    sql.run(
      "insert or ignore into letters (number, arabic, english_letter, meaning, example_arabizi, example_arabic, example_english) values (7, 'ح', 'h', 'a breathy h', '7abibi', 'حبيبي', 'my dear')",
    );
    const res = await t.server.api.letters.progress.post({ letterNumber: 7, correct: true }, { cookie });
    expect(res.status).toBe(200);
    expect(cardsOf(user.id)).toEqual([expect.objectContaining({ kind: 'letter', itemId: 7, direction: 'lebanese-to-english', reps: 1 })]);
  });

  test('bad directions and grades that contradict the answer are refused with a 400', async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    const bad = await answer(cookie, id, { correct: true, direction: 'sideways' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("direction must be 'english-to-lebanese' or 'lebanese-to-english'.");
    expect((await answer(cookie, id, { correct: false, grade: 'easy' })).error?.message).toBe(
      'Again goes with correct: false; Hard, Good and Easy with correct: true.',
    );
    expect((await answer(cookie, id, { correct: true, grade: 'again' })).status).toBe(400);
    expect((await answer(cookie, id, { correct: true, grade: 'perfect' })).error?.message).toBe(
      "grade must be 'again', 'hard', 'good' or 'easy'.",
    );
    expect((await answer(cookie, id, { flag: true, direction: 'english-to-lebanese' })).error?.message).toBe(
      'A direction needs an answer: send correct (true or false).',
    );
  });
});

describe('GET /api/review/due and /api/review/forecast', () => {
  test('need a session', async () => {
    expect((await t.server.api.review.due.get()).status).toBe(401);
    expect((await t.server.api.review.forecast.get()).status).toBe(401);
  });

  test('the words due now, most overdue first; reviewing one moves it into the forecast', async () => {
    const { cookie } = await t.signUp();
    const [first, second] = [wordId(testEnglish('Family', 1)), wordId(testEnglish('Family', 2))];
    await answer(cookie, first, { correct: false, page: 'unified' });
    t.clock.advance(20 * 1000);
    await answer(cookie, second, { correct: false, page: 'unified' });
    expect((await t.server.api.review.due.get({ cookie })).json).toEqual({ count: 0, words: [] });

    t.clock.advance(DAY_MS);
    const due = (await t.server.api.review.due.get({ cookie })).json;
    expect(due.count).toBe(2);
    expect(due.words.map((w: { id: number }) => w.id)).toEqual([first, second]);
    expect(due.words[0]).toMatchObject({ english: testEnglish('Family', 1), direction: 'english-to-lebanese', isFlagged: true });

    const before = (await t.server.api.review.forecast.get({ cookie })).json;
    expect(before.days).toHaveLength(14);
    expect(before.days[0].due).toBe(2);
    // First answers and learning steps are not reviews of something learnt: no retention yet.
    expect(before.retention).toEqual({ reviews: 0, recalled: 0 });

    // Easy from the English side: a review card due days from now.
    await answer(cookie, first, { correct: true, direction: 'english-to-lebanese', grade: 'easy' });
    const after = (await t.server.api.review.forecast.get({ cookie })).json;
    expect(after.days[0].due).toBe(1);
    expect(after.days.slice(1).reduce((n: number, d: { due: number }) => n + d.due, 0)).toBe(1);
    expect(after.retention).toEqual({ reviews: 0, recalled: 0 });
    // Its review when due counts, forgotten or not.
    t.clock.advance(12 * DAY_MS);
    await answer(cookie, first, { correct: false, direction: 'english-to-lebanese' });
    expect((await t.server.api.review.forecast.get({ cookie })).json.retention).toEqual({ reviews: 1, recalled: 0 });
    expect((await t.server.api.review.due.get({ cookie })).json.words.map((w: { id: number }) => w.id)).toEqual([second]);
  });

  test('after the trial, premium words are left out of review as they are of practice', async () => {
    const { cookie } = await t.signUp();
    const free = wordId(testEnglish('Colors', 3));
    const premium = wordId(testEnglish('Animals', 1));
    await answer(cookie, premium, { correct: false, page: 'unified' });
    await answer(cookie, free, { correct: false, page: 'unified' });
    t.clock.advance(DAY_MS);
    expect((await t.server.api.review.due.get({ cookie })).json.count).toBe(2);
    t.clock.advance(8 * DAY_MS);
    const due = (await t.server.api.review.due.get({ cookie })).json;
    expect(due.words.map((w: { id: number }) => w.id)).toEqual([free]);
    expect((await t.server.api.review.forecast.get({ cookie })).json.days[0].due).toBe(1);
  });
});

describe('migration 0009', () => {
  test('existing progress seeds the cards, none lost', async () => {
    const { user } = await t.signUp();
    const [known, shaky] = [wordId(testEnglish('Food', 1)), wordId(testEnglish('Food', 2))];
    const seen = Date.parse('2026-01-10T00:00:00Z');
    sql.run(
      'insert into user_progress (user_id, word_id, last_seen, times_correct, times_incorrect) values (?, ?, ?, 5, 1), (?, ?, ?, 1, 2)',
      [user.id, known, seen, user.id, shaky, seen],
    );
    sql.run('insert into letter_progress (user_id, letter_number, times_correct, times_incorrect, last_practiced) values (?, 3, 2, 0, ?)', [
      user.id,
      seen,
    ]);
    const statements = readFileSync(join(import.meta.dir, '../../../drizzle/0009_review_cards.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('INSERT INTO'));
    expect(statements).toHaveLength(2);
    // As on the day it ran: no cards yet.
    sql.run('delete from review_cards');
    for (const statement of statements) sql.run(statement);
    const cards = cardsOf(user.id);
    expect(cards).toEqual([
      { kind: 'word', itemId: known, direction: 'english-to-lebanese', state: State.Review, reps: 6, lapses: 1, due: seen + 9 * DAY_MS },
      { kind: 'word', itemId: shaky, direction: 'english-to-lebanese', state: State.Relearning, reps: 3, lapses: 2, due: seen },
      { kind: 'letter', itemId: 3, direction: 'lebanese-to-english', state: State.Review, reps: 2, lapses: 0, due: seen + 5 * DAY_MS },
    ]);
    // A seeded card goes on being scheduled by FSRS.
    t.clock.set(new Date(seen + 10 * DAY_MS));
    t.services.vocabulary.answer(t.services.auth.getUser(user.id)!, known, { correct: true, page: 'unified' });
    expect(cardsOf(user.id)[0]).toMatchObject({ state: State.Review, reps: 7 });
    expect(cardsOf(user.id)[0]!.due).toBeGreaterThan(seen + 19 * DAY_MS);
  });
});
