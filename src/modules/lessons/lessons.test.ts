import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';

const t = createTestApp();
afterAll(() => t.close());

const lessonId = (key: string) => (t.db.$client.query('select id from lessons where key = ?').get(key) as { id: number }).id;
/** Lesson 10 has three practice steps; lesson 1 has one. */
const PAST = () => lessonId('talking-about-the-past');
const progress = (cookie: string | undefined, id: number, body: LessonAnswer) =>
  t.server.api.lessons({ id }).progress.post(body, { cookie });
type LessonAnswer = Parameters<ReturnType<typeof t.server.api.lessons>['progress']['post']>[0];
const points = (userId: number) =>
  (t.db.$client.query('select points from user_stats where user_id = ?').get(userId) as { points: number } | null)?.points ?? 0;
const achievements = (userId: number) =>
  (
    t.db.$client.query('select achievement from achievements where user_id = ? order by achievement').all(userId) as {
      achievement: string;
    }[]
  ).map((a) => a.achievement);

describe('GET /api/lessons', () => {
  test('every lesson in course order, with no progress when signed out', async () => {
    const res = await t.server.api.lessons.get();
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(26);
    expect(res.json.map((l: { orderIndex: number }) => l.orderIndex)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(res.json[9]).toMatchObject({
      key: 'talking-about-the-past',
      name: 'Talking about the past',
      difficulty: 'advanced',
      topic: 'Time',
      steps: 9,
      progress: { completed: false, score: 0, questionsCompleted: 0, totalQuestions: 3, lastAttemptDate: null },
    });
    expect(res.json[9].description).toStartWith('The past tense works differently from the present');
  });

  test('signed in: the learner completions', async () => {
    const { cookie } = await t.signUp();
    await progress(cookie, PAST(), { completed: true });
    const list = (await t.server.api.lessons.get({ cookie })).json as { key: string; progress: { completed: boolean } }[];
    expect(list.filter((l) => l.progress.completed).map((l) => l.key)).toEqual(['talking-about-the-past']);
  });
});

describe('GET /api/lessons/{id} and /api/lessons/{id}/content', () => {
  test('a lesson and its steps in order', async () => {
    const id = PAST();
    const lesson = await t.server.api.lessons({ id }).get();
    expect(lesson.status).toBe(200);
    expect(lesson.json).toMatchObject({ id, name: 'Talking about the past', difficulty: 'advanced', steps: 9 });
    const steps = await t.server.api.lessons({ id }).content.get();
    expect(steps.status).toBe(200);
    expect(steps.json.map((s: { type: string }) => s.type)).toEqual([
      'grammar',
      'grammar',
      'vocabulary',
      'vocabulary',
      'sentence_building',
      'sentence_building',
      'practice',
      'practice',
      'practice',
    ]);
    expect(steps.json.map((s: { orderIndex: number }) => s.orderIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(steps.json[3]!.content.components![2]).toEqual({
      lebanese: 'sheft',
      english: 'I saw',
      explanation: 'From shef, he saw. Keep it apart from shefet, she saw.',
    });
    expect(steps.json[4].content.phrase).toEqual({
      lebanese: 'Mbere7 re7na 3al ba7er w akalna samak',
      english: 'Yesterday we went to the beach and ate fish',
    });
    expect(steps.json[6].content).toMatchObject({
      question: 'How do you say "she ate"?',
      options: ['akal', 'akalet', 'akalte', 'akalo'],
      correctAnswer: 'akalet',
    });
  });

  test('a malformed id is a 400, an unknown one a 404', async () => {
    for (const path of ['/api/lessons/abc', '/api/lessons/1.5', '/api/lessons/-1', '/api/lessons/0/content']) {
      const res = await t.request('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    const { cookie } = await t.signUp();
    expect((await t.request('POST', '/api/lessons/x/progress', { cookie, body: { completed: true } })).status).toBe(400);
    for (const path of ['/api/lessons/999999', '/api/lessons/999999/content']) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('This lesson does not exist.');
    }
  });
});

describe('POST /api/lessons/{id}/progress', () => {
  test('needs a session', async () => {
    expect((await progress(undefined, PAST(), { completed: true })).status).toBe(401);
  });

  test('bad input answers 400 and records nothing', async () => {
    const { cookie, user } = await t.signUp();
    for (const body of [{}, [], 'x', { correct: 'yes' }, { correct: 1 }, { completed: false }, { completed: 'true' }, { correct: null }]) {
      const res = await t.request('POST', `/api/lessons/${PAST()}/progress`, { cookie, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await progress(cookie, PAST(), {})).error?.message).toBe('Send correct (true or false) for an answer, or completed: true.');
    expect((await progress(cookie, 999_999, { completed: true })).status).toBe(404);
    expect(t.db.$client.query('select count(*) as n from lesson_progress where user_id = ?').get(user.id)).toEqual({ n: 0 });
    expect(points(user.id)).toBe(0);
  });

  test('practice answers count toward the run; a full run starts the next', async () => {
    const { cookie } = await t.signUp();
    const id = PAST();
    expect((await progress(cookie, id, { correct: true })).json).toMatchObject({
      lessonId: id,
      score: 1,
      questionsCompleted: 1,
      totalQuestions: 3,
      completed: false,
      justCompleted: false,
      pointsAwarded: 0,
    });
    await progress(cookie, id, { correct: false });
    expect((await progress(cookie, id, { correct: true })).json).toMatchObject({
      score: 2,
      questionsCompleted: 3,
      lastAttemptDate: t.clock.now().toISOString(),
    });
    expect((await progress(cookie, id, { correct: false })).json).toMatchObject({ score: 0, questionsCompleted: 1 });
  });

  test('completing a lesson earns 50 points and Scholar once, however often it is completed', async () => {
    const { cookie, user } = await t.signUp();
    const id = PAST();
    const first = await progress(cookie, id, { correct: true, completed: true });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ completed: true, justCompleted: true, pointsAwarded: 50, score: 1, questionsCompleted: 1 });
    const again = await progress(cookie, id, { completed: true });
    expect(again.json).toMatchObject({ completed: true, justCompleted: false, pointsAwarded: 0 });
    expect(points(user.id)).toBe(50);
    expect(achievements(user.id)).toContain('Scholar');
    expect((await t.server.api.lessons({ id }).get({ cookie })).json.progress.completed).toBe(true);

    // Another lesson earns its own points.
    expect((await progress(cookie, lessonId('greetings-and-courtesy'), { completed: true })).json.pointsAwarded).toBe(50);
    expect(points(user.id)).toBe(100);
  });

  test('completions arriving together award the points once', async () => {
    const { cookie, user } = await t.signUp();
    const all = await Promise.all(Array.from({ length: 8 }, () => progress(cookie, PAST(), { completed: true })));
    expect(all.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(all.filter((r) => r.json.justCompleted)).toHaveLength(1);
    expect(points(user.id)).toBe(50);
  });
});
