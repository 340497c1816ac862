import { afterAll, describe, expect, test } from 'bun:test';
import { startFakeOpenAI } from '../../../tests/fakes/openai';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { normalizeAnswer, scoreLocally } from './rules';

const t = createTestApp();
const fake = startFakeOpenAI();
const ai = createTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ESPEAK_PATH: '/nonexistent/espeak-ng' } });
afterAll(() => {
  t.close();
  ai.close();
  fake.close();
});

const COFFEE = 'You are at a café in Hamra and the waiter asks what you would like. You want a coffee without sugar.';
const sentenceId = (app: TestApp, arabizi: string) =>
  (app.db.$client.query('select id from sentences where question_arabizi = ?').get(arabizi) as { id: number }).id;
/** The learner's totals and points as the stats module stored them. */
const statsRow = (app: TestApp, userId: number) =>
  app.db.$client
    .query(
      'select total_answered as totalAnswered, total_correct as totalCorrect, total_incorrect as totalIncorrect, points from user_stats where user_id = ?',
    )
    .get(userId) as { totalAnswered: number; totalCorrect: number; totalIncorrect: number; points: number } | null;
const answer = (app: TestApp, cookie: string | undefined, body: Parameters<TestApp['server']['api']['sentences']['answer']['post']>[0]) =>
  app.server.api.sentences.answer.post(body, { cookie });
const drink = (app: TestApp, text: string) => ({ sentenceId: sentenceId(app, 'Shu baddak teshrab?'), answer: text, context: COFFEE });

describe('the local scoring rule (docs/product-rules.md#sentences)', () => {
  test('lower case, no . , ! ? and single spaces', () => {
    expect(normalizeAnswer('  Baddi,  AHWE!  bala sekkar? ')).toBe('baddi ahwe bala sekkar');
  });

  test('correct from 65% of the recommended words longer than 3 characters', () => {
    // Key words: baddi, ahwe, bala, sekkar, sama7t ("law" has 3 characters and does not count).
    const recommended = 'Baddi ahwe bala sekkar, law sama7t';
    expect(scoreLocally('baddi ahwe bala sekkar', recommended)).toMatchObject({ isCorrect: true, keyWords: 5, matched: 4 });
    expect(scoreLocally('BADDI AHWE, bala sekkar law sama7t!', recommended)).toMatchObject({ isCorrect: true, matched: 5 });
    expect(scoreLocally('baddi ahwe bala law', recommended)).toMatchObject({ isCorrect: false, matched: 3 });
    expect(scoreLocally('law', recommended)).toMatchObject({ isCorrect: false, matched: 0 });
    // 13 of 20 is exactly 65%.
    const twenty = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    expect(scoreLocally(twenty.split(' ').slice(0, 13).join(' '), twenty).isCorrect).toBe(true);
    expect(scoreLocally(twenty.split(' ').slice(0, 12).join(' '), twenty).isCorrect).toBe(false);
  });

  test('a recommended answer without key words is never matched', () => {
    expect(scoreLocally('eh la2', 'Eh la2')).toMatchObject({ isCorrect: false, keyWords: 0, matched: 0 });
  });

  test('the feedback counts the key words used', () => {
    expect(scoreLocally('baddi ahwe bala sekkar', 'Baddi ahwe bala sekkar, law sama7t').feedback).toBe(
      'You used 4 of the 5 key words of the recommended answer. Well said!',
    );
    expect(scoreLocally('la2', 'Baddi ahwe').feedback).toBe(
      'You used 0 of the 2 key words of the recommended answer. Compare your answer with it and try again.',
    );
  });
});

describe('GET /api/sentences/topics and /api/sentences/random/{topic}', () => {
  test('the topics of the content, alphabetically', async () => {
    const res = await t.server.api.sentences.topics.get();
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      'bank',
      'daily_routine',
      'directions',
      'eating_out',
      'food_and_drink',
      'general_conversation',
      'health',
      'home_and_neighbours',
      'paperwork',
      'phone_calls',
      'police',
      'shopping',
      'small_talk',
      'transport',
      'visiting',
      'work',
    ]);
  });

  test('a random sentence of the topic with its question and every context', async () => {
    const res = await t.server.api.sentences.random({ topic: 'food_and_drink' }).get();
    expect(res.status).toBe(200);
    expect(res.json.topic).toBe('food_and_drink');
    expect(Object.keys(res.json.question).sort()).toEqual(['arabic', 'arabizi', 'english']);
    expect(res.json.contexts.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(res.json.contexts[0]).sort()).toEqual(['arabic', 'context', 'english', 'recommended_answer']);
  });

  test('exclude gives another sentence than the one on screen', async () => {
    const current = sentenceId(t, 'Shu baddak teshrab?');
    for (let i = 0; i < 20; i++) {
      const res = await t.server.api.sentences.random({ topic: 'food_and_drink' }).get({ query: { exclude: current } });
      expect(res.json.id).not.toBe(current);
    }
  });

  test('an unknown topic is a 404; a malformed one or exclude a 400', async () => {
    const unknown = await t.server.api.sentences.random({ topic: 'astronomy' }).get();
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('There are no sentences for this topic.');
    const spaced = await t.server.api.sentences.random({ topic: 'Food and Drink' }).get();
    expect(spaced.status).toBe(400);
    expect(spaced.error?.message).toBe('The topic must be a topic key like food_and_drink.');
    expect((await t.request('GET', '/api/sentences/random/food_and_drink?exclude=abc')).status).toBe(400);
  });
});

describe('POST /api/sentences/answer with the local rule (no OpenAI configured)', () => {
  test('needs a session', async () => {
    expect((await answer(t, undefined, drink(t, 'Baddi ahwe bala sekkar'))).status).toBe(401);
  });

  test('bad input answers 400 and records nothing', async () => {
    const { cookie, user } = await t.signUp();
    const good = drink(t, 'Baddi ahwe bala sekkar');
    const bad: unknown[] = [
      {},
      [],
      'x',
      { ...good, answer: '' },
      { ...good, answer: '   ' },
      { ...good, answer: 3 },
      { ...good, answer: 'a'.repeat(501) },
      { ...good, sentenceId: '1' },
      { ...good, sentenceId: 1.5 },
      { ...good, sentenceId: 0 },
      { ...good, context: '' },
      { sentenceId: good.sentenceId, answer: good.answer },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/sentences/answer', { cookie, body });
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    expect((await answer(t, cookie, { ...good, answer: '  ' })).error?.message).toBe('Please write an answer.');
    expect(t.services.streak.get(user.id, 'sentences').currentStreak).toBe(0);
    expect(t.db.$client.query('select count(*) as n from sentence_progress where user_id = ?').get(user.id)).toEqual({ n: 0 });
  });

  test('an unknown sentence or context is a 404', async () => {
    const { cookie } = await t.signUp();
    const noSentence = await answer(t, cookie, { ...drink(t, 'Baddi ahwe'), sentenceId: 999_999 });
    expect(noSentence.status).toBe(404);
    expect(noSentence.error?.message).toBe('This sentence does not exist.');
    const noContext = await answer(t, cookie, { ...drink(t, 'Baddi ahwe'), context: 'You are on the moon.' });
    expect(noContext.status).toBe(404);
    expect(noContext.error?.message).toBe('Context not found');
  });

  test('a good answer is correct: the result, the sentence streak, 20 points and the progress', async () => {
    const { cookie, user } = await t.signUp();
    const res = await answer(t, cookie, drink(t, '  baddi ahwe bala sekkar  '));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      isCorrect: true,
      userAnswer: 'baddi ahwe bala sekkar',
      recommendedAnswer: 'Baddi ahwe bala sekkar, law sama7t',
      arabic: 'بدّي قهوة بلا سكّر، لو سمحت',
      english: 'I want a coffee without sugar, please',
      question: { arabizi: 'Shu baddak teshrab?', arabic: 'شو بدّك تشرب؟', english: 'What do you want to drink? (to a man)' },
      feedback: 'You used 4 of the 5 key words of the recommended answer. Well said!',
      evaluatedBy: 'local',
      streak: { currentStreak: 1, bestStreak: 1, lastPracticeDate: t.clock.now().toISOString() },
      pointsAwarded: 20,
    });
    expect(statsRow(t, user.id)).toMatchObject({ totalAnswered: 1, totalCorrect: 1, points: 20 });
    expect((await t.server.api.streak.get({ cookie, query: { page: 'sentences' } })).json).toMatchObject({ currentStreak: 1 });
  });

  test('a poor answer is wrong: the streak falls to 0, no points, and both answers are kept', async () => {
    const { cookie, user } = await t.signUp();
    await answer(t, cookie, drink(t, 'Baddi ahwe bala sekkar law sama7t'));
    const res = await answer(t, cookie, drink(t, 'ahwe'));
    expect(res.json).toMatchObject({
      isCorrect: false,
      evaluatedBy: 'local',
      pointsAwarded: 0,
      streak: { currentStreak: 0, bestStreak: 1 },
    });
    expect(statsRow(t, user.id)).toMatchObject({ totalAnswered: 2, totalCorrect: 1, totalIncorrect: 1, points: 20 });
    const row = t.db.$client
      .query('select times_correct, times_incorrect, user_answers from sentence_progress where user_id = ?')
      .get(user.id) as {
      times_correct: number;
      times_incorrect: number;
      user_answers: string;
    };
    expect(row.times_correct).toBe(1);
    expect(row.times_incorrect).toBe(1);
    expect(JSON.parse(row.user_answers).map((a: { answer: string; isCorrect: boolean }) => [a.answer, a.isCorrect])).toEqual([
      ['Baddi ahwe bala sekkar law sama7t', true],
      ['ahwe', false],
    ]);
  });

  test('answers arriving together all count', async () => {
    const { cookie, user } = await t.signUp();
    const all = await Promise.all(Array.from({ length: 10 }, () => answer(t, cookie, drink(t, 'baddi ahwe bala sekkar'))));
    expect(all.map((r) => r.json.streak.currentStreak).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(statsRow(t, user.id)).toMatchObject({ totalCorrect: 10, points: 200 });
  });
});

describe('POST /api/sentences/answer with OpenAI configured', () => {
  test('OpenAI judges: an answer the local rule would refuse can be correct', async () => {
    const { cookie, user } = await ai.signUp();
    fake.chatReply(JSON.stringify({ isCorrect: true, feedback: 'Natural Lebanese: ahwe sade is a plain coffee.' }));
    const before = fake.requests.length;
    const res = await answer(ai, cookie, drink(ai, 'Ahwe sade please'));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      isCorrect: true,
      feedback: 'Natural Lebanese: ahwe sade is a plain coffee.',
      evaluatedBy: 'ai',
      pointsAwarded: 20,
    });
    expect(fake.requests.length - before).toBe(1);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', response_format: { type: 'json_object' } });
    const messages = sent.body.messages as { role: string; content: string }[];
    expect(JSON.parse(messages.at(-1)!.content)).toEqual({
      question: 'Shu baddak teshrab? (What do you want to drink? (to a man))',
      scenario: COFFEE,
      recommendedAnswer: 'Baddi ahwe bala sekkar, law sama7t (I want a coffee without sugar, please)',
      learnerAnswer: 'Ahwe sade please',
    });
    expect(statsRow(ai, user.id)?.points).toBe(20);
  });

  test('OpenAI can refuse an answer that shares the words', async () => {
    const { cookie } = await ai.signUp();
    fake.chatReply(JSON.stringify({ isCorrect: false, feedback: 'You asked for sugar: bala means without.' }));
    const res = await answer(ai, cookie, drink(ai, 'Baddi ahwe bala sekkar'));
    expect(res.json).toMatchObject({
      isCorrect: false,
      evaluatedBy: 'ai',
      feedback: 'You asked for sugar: bala means without.',
      pointsAwarded: 0,
    });
  });

  test('OpenAI failing falls back to the local rule', async () => {
    const { cookie } = await ai.signUp();
    fake.failWith(500);
    try {
      const res = await answer(ai, cookie, drink(ai, 'Baddi ahwe bala sekkar'));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        isCorrect: true,
        evaluatedBy: 'local',
        feedback: 'You used 4 of the 5 key words of the recommended answer. Well said!',
      });
    } finally {
      fake.failWith(null);
    }
  });

  test('an unusable OpenAI reply falls back to the local rule', async () => {
    const { cookie } = await ai.signUp();
    for (const reply of [
      'not json',
      JSON.stringify({ verdict: 'yes' }),
      JSON.stringify({ isCorrect: 'true', feedback: 'ok' }),
      JSON.stringify({ isCorrect: true, feedback: '' }),
    ]) {
      fake.chatReply(reply);
      const res = await answer(ai, cookie, drink(ai, 'ahwe'));
      expect({ reply, status: res.status, isCorrect: res.json.isCorrect, evaluatedBy: res.json.evaluatedBy }).toEqual({
        reply,
        status: 200,
        isCorrect: false,
        evaluatedBy: 'local',
      });
    }
  });
});

describe('speech for sentences', () => {
  test('GET /api/tts speaks a sentence question and a recommended answer in Arabic script', async () => {
    const question = await ai.server.api.tts.get({ query: { text: 'shu baddak teshrab?' } });
    expect(question.status).toBe(200);
    expect(question.text).toContain('شو بدّك تشرب؟');
    const recommended = await ai.server.api.tts.get({ query: { text: 'Baddi ahwe bala sekkar, law sama7t' } });
    expect(recommended.text).toContain('بدّي قهوة بلا سكّر، لو سمحت');
    expect(ai.services.sentences.speakableFor('Shu baddak teshrab')).toBeNull();
  });
});
