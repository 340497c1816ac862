import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import type { TestCallOptions, TestResponse } from '../../../tests/support/client';
import { DAY_MS } from '../../lib/clock';
import { ANSWER_KEY_DAYS } from './service';

const t = createTestApp();
afterAll(() => t.close());

const one = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).get(...params) as T;
const freeWord = () => one<{ id: number; english: string }>("select w.id, w.english from words w join topics t on t.id = w.topic_id where t.is_premium = 0 and w.is_conjugation = 0 and w.batch = 1 order by w.id limit 1");
/** A lesson with three practice steps: three answers make one run through it. */
const lessonId = () => one<{ id: number }>("select id from lessons where key = 'talking-about-the-past'").id;
const sentence = () => {
  const s = one<{ id: number; context: string }>(
    "select s.id, c.context from sentences s join sentence_contexts c on c.sentence_id = s.id where s.question_arabizi = 'Shu baddak teshrab?' order by c.position limit 1",
  );
  return { sentenceId: s.id, answer: 'Baddi ahwe bala sekkar', context: s.context };
};
const answered = (userId: number) => one<{ n: number } | null>('select total_answered as n from user_stats where user_id = ?', userId)?.n ?? 0;
const lessonAnswers = (userId: number) => one<{ n: number } | null>('select questions_completed as n from lesson_progress where user_id = ?', userId)?.n ?? 0;
const spoken = (userId: number) => one<{ n: number } | null>("select answered as n from skill_stats where user_id = ? and skill = 'speaking'", userId)?.n ?? 0;
const keysOf = (userId: number) => one<{ n: number }>('select count(*) as n from answer_keys where user_id = ?', userId).n;

/** An answer route: its typed endpoint, an answer's body for it, and what one answer adds to. */
function answerRoute<Body extends object>(
  name: string,
  endpoint: () => { '~path': string; post(body: Body & { idempotencyKey?: string }, options?: TestCallOptions): Promise<TestResponse<unknown>> },
  body: () => Body,
  count: (userId: number) => number,
) {
  return {
    name,
    count,
    send: (idempotencyKey: string, cookie: string) => endpoint().post({ ...body(), idempotencyKey }, { cookie }),
    /** A body with a key of any type, sent raw: the typed endpoint only takes a string. */
    sendRaw: (idempotencyKey: unknown, cookie: string) => t.request('POST', endpoint()['~path'], { cookie, body: { ...body(), idempotencyKey } }),
  };
}

/** Every answer route. */
const ROUTES = [
  answerRoute('a flash card', () => t.server.api.words({ id: freeWord().id }).progress, () => ({ correct: true, page: 'unified' as const }), answered),
  answerRoute('Which Word', () => t.server.api.words({ id: freeWord().id }).progress, () => ({ correct: false, flag: true, page: 'which-word' as const }), answered),
  answerRoute('letters', () => t.server.api.letters.progress, () => ({ letterNumber: 7 as const, correct: true }), answered),
  answerRoute('a lesson answer', () => t.server.api.lessons({ id: lessonId() }).progress, () => ({ correct: true }), lessonAnswers),
  answerRoute('sentences', () => t.server.api.sentences.answer, sentence, answered),
  answerRoute('listening', () => t.server.api.listening.answers, () => ({ wordId: freeWord().id, mode: 'choose' as const, answer: freeWord().english }), answered),
  answerRoute('Say it', () => t.server.api.speaking.attempts, () => ({ wordId: freeWord().id, heard: ['مرحبا'] }), spoken),
];

describe('an answer sent again with its key counts once, on every answer route (docs/decisions/0043-one-save-queue.md)', () => {
  for (const route of ROUTES) {
    test(route.name, async () => {
      const { cookie, user } = await t.signUp();
      const other = await t.signUp();
      const send = (idempotencyKey: string, c = cookie) => route.send(idempotencyKey, c);

      const first = await send('answer-key-0000000001');
      expect(first.status).toBe(200);
      t.clock.advance(60_000);
      const again = await send('answer-key-0000000001');
      expect(again.json).toEqual(first.json);
      expect(route.count(user.id)).toBe(1);

      // Ten sends of one answer arriving together (a reply lost, then every retry at once).
      const together = await Promise.all(Array.from({ length: 10 }, () => send('answer-key-0000000002')));
      expect(together.every((r) => r.status === 200)).toBe(true);
      expect(new Set(together.map((r) => JSON.stringify(r.json))).size).toBe(1);
      expect(route.count(user.id)).toBe(2);

      // A key is a learner's own; a new key is a new answer (three in all: a lesson's run holds three).
      await send('answer-key-0000000001', other.cookie);
      expect(route.count(other.user.id)).toBe(1);
      await send('answer-key-0000000003');
      expect(route.count(user.id)).toBe(3);
    });
  }

  test('a lesson completed again with its key gets its first reply, points once', async () => {
    const { cookie } = await t.signUp();
    const complete = () => t.server.api.lessons({ id: lessonId() }).progress.post({ completed: true, idempotencyKey: 'lesson-completed-0001' }, { cookie });
    const first = await complete();
    expect(first.json).toMatchObject({ completed: true, justCompleted: true });
    expect((await complete()).json).toEqual(first.json);
  });

  test('one key on two routes is two answers: each route has its own keys', async () => {
    const { cookie, user } = await t.signUp();
    const idempotencyKey = 'same-key-two-routes';
    await t.server.api.words({ id: freeWord().id }).progress.post({ correct: true, idempotencyKey }, { cookie });
    const letter = await t.server.api.letters.progress.post({ letterNumber: 2, correct: true, idempotencyKey }, { cookie });
    expect(letter.json).toMatchObject({ letterNumber: 2, timesCorrect: 1 });
    expect(answered(user.id)).toBe(2);
  });

  test('an answer refused is not kept under its key: sent again once allowed, it counts', async () => {
    const { cookie, user } = await t.signUp();
    const body = { correct: true, idempotencyKey: 'refused-then-sent-01' };
    const missing = one<{ id: number }>('select max(id) + 1 as id from words').id;
    expect((await t.server.api.words({ id: missing }).progress.post(body, { cookie })).status).toBe(404);
    expect(keysOf(user.id)).toBe(0);
    expect((await t.server.api.words({ id: freeWord().id }).progress.post(body, { cookie })).json.timesCorrect).toBe(1);
  });

  test('a key that is not 16 to 64 letters, digits, - or _ is refused with a 400 on every route', async () => {
    const { cookie, user } = await t.signUp();
    for (const route of ROUTES) {
      for (const idempotencyKey of ['short', 'x'.repeat(65), 'with spaces in the key!', 42]) {
        const res = typeof idempotencyKey === 'string' ? await route.send(idempotencyKey, cookie) : await route.sendRaw(idempotencyKey, cookie);
        expect(res.status).toBe(400);
        expect(res.error?.message).not.toContain(String(idempotencyKey));
      }
    }
    expect(answered(user.id)).toBe(0);
  });

  test('keys are forgotten after their days, not before', async () => {
    const { cookie, user } = await t.signUp();
    await t.server.api.letters.progress.post({ letterNumber: 3, correct: true, idempotencyKey: 'kept-for-thirty-days' }, { cookie });
    t.clock.advance(ANSWER_KEY_DAYS * DAY_MS - 1);
    t.services['answer-keys'].forgetOld();
    expect(keysOf(user.id)).toBe(1);
    t.clock.advance(2);
    t.services['answer-keys'].forgetOld();
    expect(keysOf(user.id)).toBe(0);
  });
});
