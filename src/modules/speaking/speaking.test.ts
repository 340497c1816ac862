import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';

const { t, wordId } = testContentApp();

const arabicOf = (id: number) =>
  (t.db.$client.query('select arabic_script as arabic from words where id = ?').get(id) as { arabic: string }).arabic;
const skillOf = (userId: number) =>
  t.db.$client.query("select answered, correct from skill_stats where user_id = ? and skill = 'speaking'").get(userId);

describe('POST /api/speaking/attempts', () => {
  test('heard with marks and another alef still says the word: right, with its points', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    const expected = arabicOf(id);
    // A recogniser's alternatives: the second is the word with a shadda and a hamza on its alef.
    const heard = ['شي تاني', expected.replace('ا', 'أ') + '\u0651'];
    const res = await t.server.api.speaking.attempts.post({ wordId: id, heard }, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ correct: true, heard: heard[1], expected });
    expect(skillOf(user.id)).toEqual({ answered: 1, correct: 1 });
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({
      points: 10,
      skills: { speaking: { answered: 1, correct: 1 } },
    });
  });

  test('another word heard: not right, no points, the first thing heard shown', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Family', 1));
    const res = await t.server.api.speaking.attempts.post({ wordId: id, heard: ['مرحبا', 'كيفك'] }, { cookie });
    expect(res.json).toEqual({ correct: false, heard: 'مرحبا', expected: arabicOf(id) });
    expect(skillOf(user.id)).toEqual({ answered: 1, correct: 0 });
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({ points: 0, totalIncorrect: 1 });
  });

  test('an attempt sent again with its key (the save queue retrying) counts once and gets the first reply', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 3));
    const body = { wordId: id, heard: [arabicOf(id)], idempotencyKey: 'speaking-attempt-0001' };
    const first = await t.server.api.speaking.attempts.post(body, { cookie });
    const again = await t.server.api.speaking.attempts.post({ ...body, heard: ['شي تاني'] }, { cookie });
    expect(again.json).toEqual(first.json);
    expect(skillOf(user.id)).toEqual({ answered: 1, correct: 1 });
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({ points: 10 });
    // Another key is another attempt.
    await t.server.api.speaking.attempts.post({ ...body, idempotencyKey: 'speaking-attempt-0002' }, { cookie });
    expect(skillOf(user.id)).toEqual({ answered: 2, correct: 2 });
  });

  test('bad attempts are 4xx and change nothing', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 2));
    for (const [body, field] of [
      [{ heard: ['x'] }, 'wordId'],
      [{ wordId: -1, heard: ['x'] }, 'wordId'],
      [{ wordId: id }, 'heard'],
      [{ wordId: id, heard: [] }, 'heard'],
      [{ wordId: id, heard: 'مرحبا' }, 'heard'],
      [{ wordId: id, heard: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'heard'],
      [{ wordId: id, heard: ['x'.repeat(201)] }, 'heard.0'],
      [{ wordId: id, heard: [3] }, 'heard.0'],
      [{ wordId: id, heard: ['x'], idempotencyKey: 'short' }, 'idempotencyKey'],
    ] as const) {
      const res = await t.request('POST', '/api/speaking/attempts', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.error?.details?.field).toBe(field);
    }
    expect((await t.server.api.speaking.attempts.post({ wordId: 999999, heard: ['x'] }, { cookie })).status).toBe(404);
    expect((await t.server.api.speaking.attempts.post({ wordId: id, heard: ['x'] })).status).toBe(401);
    t.clock.advance(8 * DAY_MS);
    try {
      expect(
        (await t.server.api.speaking.attempts.post({ wordId: wordId(testEnglish('Animals', 1)), heard: ['x'] }, { cookie })).status,
      ).toBe(402);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
    expect(skillOf(user.id)).toBeNull();
  });
});
