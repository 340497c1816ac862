import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../../tests/support/app';
import type { TestCallOptions, TestResponse } from '../../../tests/support/client';
import { DAY_MS } from '../../lib/clock';
import { ANSWER_KEY_DAYS } from './service';

const t = createTestApp();
afterAll(() => t.close());

const one = <T>(query: string, ...params: (string | number)[]) => t.db.$client.query(query).get(...params) as T;
const freeWord = () =>
  one<{ id: number; english: string }>(
    'select w.id, w.english from words w join topics t on t.id = w.topic_id where t.is_premium = 0 and w.is_conjugation = 0 and w.batch = 1 order by w.id limit 1',
  );
/** A lesson with three practice steps: three answers make one run through it. */
const lessonId = () => one<{ id: number }>("select id from lessons where key = 'talking-about-the-past'").id;
const sentence = () => {
  const s = one<{ id: number; context: string }>(
    "select s.id, c.context from sentences s join sentence_contexts c on c.sentence_id = s.id where s.question_arabizi = 'Shu baddak teshrab?' order by c.position limit 1",
  );
  return { sentenceId: s.id, answer: 'Baddi ahwe bala sekkar', context: s.context };
};
const answered = (userId: number) =>
  one<{ n: number } | null>('select total_answered as n from user_stats where user_id = ?', userId)?.n ?? 0;
const lessonAnswers = (userId: number) =>
  one<{ n: number } | null>('select questions_completed as n from lesson_progress where user_id = ?', userId)?.n ?? 0;
const spoken = (userId: number) =>
  one<{ n: number } | null>("select answered as n from skill_stats where user_id = ? and skill = 'speaking'", userId)?.n ?? 0;
const rolePlays = (userId: number) =>
  one<{ n: number } | null>('select sum(times_played) as n from dialogue_progress where user_id = ?', userId)?.n ?? 0;
const cafe = () => one<{ id: number }>("select id from dialogues where key = 'cafe'").id;
/** Lara's part of the café as the content writes it. */
const LARA = [
  'Baddi ahwe bala sekkar, law sama7t.',
  '3arabiyye. W fi shi zaki ma3a?',
  'Eh, akid! W kebbeyet may kamen.',
  'Addeh el 7seb?',
  'Tfaddal. Yeslamo ideik!',
];
const keysOf = (userId: number) => one<{ n: number }>('select count(*) as n from answer_keys where user_id = ?', userId).n;

/** An answer route: its typed endpoint, an answer's body for it, and what one answer adds to. */
function answerRoute<Body extends object>(
  name: string,
  endpoint: () => {
    '~path': string;
    post(body: Body & { idempotencyKey?: string }, options?: TestCallOptions): Promise<TestResponse<unknown>>;
  },
  body: () => Body,
  count: (userId: number) => number,
) {
  return {
    name,
    count,
    send: (idempotencyKey: string, cookie: string) => endpoint().post({ ...body(), idempotencyKey }, { cookie }),
    /** A body with a key of any type, sent raw: the typed endpoint only takes a string. */
    sendRaw: (idempotencyKey: unknown, cookie: string) =>
      t.request('POST', endpoint()['~path'], { cookie, body: { ...body(), idempotencyKey } }),
  };
}

/** Every answer route. */
const ROUTES = [
  answerRoute(
    'a flash card',
    () => t.server.api.words({ id: freeWord().id }).progress,
    () => ({ correct: true, page: 'unified' as const }),
    answered,
  ),
  answerRoute(
    'Which Word',
    () => t.server.api.words({ id: freeWord().id }).progress,
    () => ({ correct: false, flag: true, page: 'which-word' as const }),
    answered,
  ),
  answerRoute(
    'letters',
    () => t.server.api.letters.progress,
    () => ({ letterNumber: 7 as const, correct: true }),
    answered,
  ),
  answerRoute(
    'a lesson answer',
    () => t.server.api.lessons({ id: lessonId() }).progress,
    () => ({ correct: true }),
    lessonAnswers,
  ),
  answerRoute('sentences', () => t.server.api.sentences.answer, sentence, answered),
  answerRoute(
    'listening',
    () => t.server.api.listening.answers,
    () => ({ wordId: freeWord().id, mode: 'choose' as const, answer: freeWord().english }),
    answered,
  ),
  answerRoute(
    'Say it',
    () => t.server.api.speaking.attempts,
    () => ({ wordId: freeWord().id, heard: ['مرحبا'] }),
    spoken,
  ),
  answerRoute(
    'a role-play',
    () => t.server.api.dialogues({ id: cafe() })['role-play'],
    () => ({ speaker: 'Lara', answers: LARA }),
    rolePlays,
  ),
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
    const complete = () =>
      t.server.api.lessons({ id: lessonId() }).progress.post({ completed: true, idempotencyKey: 'lesson-completed-0001' }, { cookie });
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

  test('a key sent again for another item is refused with a 409, never answered with the first reply, on every route', async () => {
    const { cookie, user } = await t.signUp();
    const [first, second] = t.db.$client
      .query(
        'select w.id from words w join topics t on t.id = w.topic_id where t.is_premium = 0 and w.is_conjugation = 0 and w.batch = 1 order by w.id limit 2',
      )
      .all() as { id: number }[];
    const idempotencyKey = 'one-key-two-items-01';
    const word = await t.server.api.words({ id: first!.id }).progress.post({ correct: true, idempotencyKey }, { cookie });
    expect(word.status).toBe(200);
    const other = await t.server.api.words({ id: second!.id }).progress.post({ correct: true, idempotencyKey }, { cookie });
    expect(other.status).toBe(409);
    expect(other.error).toMatchObject({ error: 'Conflict', message: 'A conflict occurred. The resource might already exist.' });
    expect(answered(user.id)).toBe(1);
    expect((await t.server.api.words({ id: second!.id }).progress.get({ cookie })).json.timesCorrect).toBe(0);
    // The first item's repeat still gets its own reply.
    expect((await t.server.api.words({ id: first!.id }).progress.post({ correct: true, idempotencyKey }, { cookie })).json).toEqual(
      word.json,
    );

    const lessons = t.db.$client.query('select id from lessons order by id limit 2').all() as { id: number }[];
    const sentences = t.db.$client
      .query('select s.id, c.context from sentences s join sentence_contexts c on c.sentence_id = s.id group by s.id order by s.id limit 2')
      .all() as { id: number; context: string }[];
    const words = [first!.id, second!.id];
    const pairs: [string, (key: string, i: 0 | 1) => Promise<TestResponse<unknown>>][] = [
      [
        'letters',
        (key, i) =>
          t.server.api.letters.progress.post({ letterNumber: ([2, 3] as const)[i], correct: true, idempotencyKey: key }, { cookie }),
      ],
      [
        'a lesson',
        (key, i) => t.server.api.lessons({ id: lessons[i]!.id }).progress.post({ correct: true, idempotencyKey: key }, { cookie }),
      ],
      [
        'sentences',
        (key, i) =>
          t.server.api.sentences.answer.post(
            { sentenceId: sentences[i]!.id, answer: 'shi', context: sentences[i]!.context, idempotencyKey: key },
            { cookie },
          ),
      ],
      [
        'listening',
        (key, i) =>
          t.server.api.listening.answers.post({ wordId: words[i]!, mode: 'choose', answer: 'x', idempotencyKey: key }, { cookie }),
      ],
      ['Say it', (key, i) => t.server.api.speaking.attempts.post({ wordId: words[i]!, heard: ['مرحبا'], idempotencyKey: key }, { cookie })],
    ];
    for (const [name, send] of pairs) {
      const key = `bound-key-${name.replace(/\W/g, '-')}-0001`;
      expect({ name, status: (await send(key, 0)).status }).toEqual({ name, status: 200 });
      expect({ name, status: (await send(key, 1)).status }).toEqual({ name, status: 409 });
    }
  });

  test('a role-play key sent for another dialogue is refused with a 409, and nothing is recorded for it', async () => {
    const { cookie, user } = await t.signUp();
    const idempotencyKey = 'role-play-bound-0001';
    const played = await t.server.api
      .dialogues({ id: cafe() })
      ['role-play'].post({ speaker: 'Lara', answers: LARA, idempotencyKey }, { cookie });
    expect(played.status).toBe(200);
    const other = one<{ id: number }>("select id from dialogues where is_premium = 0 and key != 'cafe' order by id limit 1").id;
    const lines = one<{ speaker: string; n: number }>(
      'select speaker, count(*) as n from dialogue_lines where dialogue_id = ? group by speaker order by speaker limit 1',
      other,
    );
    const res = await t.server.api
      .dialogues({ id: other })
      ['role-play'].post({ speaker: lines.speaker, answers: Array(lines.n).fill('x'), idempotencyKey }, { cookie });
    expect(res.status).toBe(409);
    expect(rolePlays(user.id)).toBe(1);
  });

  test('a key kept before keys named their item (no target) still answers its repeat with its reply', async () => {
    const { cookie, user } = await t.signUp();
    const idempotencyKey = 'kept-before-targets-1';
    const first = await t.server.api.letters.progress.post({ letterNumber: 5, correct: true, idempotencyKey }, { cookie });
    t.db.$client.query('update answer_keys set target = null where user_id = ?').run(user.id);
    expect((await t.server.api.letters.progress.post({ letterNumber: 5, correct: true, idempotencyKey }, { cookie })).json).toEqual(
      first.json,
    );
    expect(answered(user.id)).toBe(1);
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
        const res =
          typeof idempotencyKey === 'string' ? await route.send(idempotencyKey, cookie) : await route.sendRaw(idempotencyKey, cookie);
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
