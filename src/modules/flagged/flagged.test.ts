import { describe, expect, test } from 'bun:test';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';

const { t, wordId } = testContentApp();

const flag = (cookie: string | undefined, id: number, body: { isFlagged: boolean }) =>
  t.server.api.words({ id }).flag.post(body, { cookie });
const flaggedIds = async (cookie: string) => (await t.server.api.words.flagged.get({ cookie })).json.map((w: { id: number }) => w.id);

describe('the flagged module service', () => {
  test('counts correct answers in the section and removes the word at the third', async () => {
    const { user } = await t.signUp();
    const { flagged } = t.services;
    const id = wordId(testEnglish('Colors', 3));
    expect(flagged.correctInSection(user.id, id)).toEqual({
      isFlagged: false,
      correctInFlagged: 0,
      remainingToRemove: null,
      removed: false,
    });
    flagged.flag(user.id, id);
    flagged.flag(user.id, id);
    expect(flagged.wordIds(user.id)).toEqual([id]);
    expect(flagged.correctInSection(user.id, id)).toMatchObject({ remainingToRemove: 2, removed: false });
    expect(flagged.flag(user.id, id)).toMatchObject({ correctInFlagged: 1 });
    flagged.correctInSection(user.id, id);
    expect(flagged.correctInSection(user.id, id)).toEqual({ isFlagged: false, correctInFlagged: 3, remainingToRemove: 0, removed: true });
    expect(flagged.wordIds(user.id)).toEqual([]);
  });
});

describe('POST /api/words/{id}/flag and GET /api/words/flagged', () => {
  test('flag and unflag by hand; the list shows the newest first', async () => {
    const { cookie } = await t.signUp();
    const a = wordId(testEnglish('Family', 1));
    const b = wordId(testEnglish('Food', 4));
    expect((await flag(cookie, a, { isFlagged: true })).json).toEqual({ wordId: a, isFlagged: true });
    t.clock.advance(1000);
    await flag(cookie, b, { isFlagged: true });
    const list = await t.server.api.words.flagged.get({ cookie });
    expect(list.status).toBe(200);
    expect(list.json.map((w: { id: number; isFlagged: boolean }) => [w.id, w.isFlagged])).toEqual([
      [b, true],
      [a, true],
    ]);
    expect(list.json[0]).toMatchObject({
      english: 'Food 4',
      topic: 'Food',
      lebanese: expect.any(String),
      arabicScript: expect.any(String),
    });
    expect((await flag(cookie, a, { isFlagged: false })).json).toEqual({ wordId: a, isFlagged: false });
    expect(await flaggedIds(cookie)).toEqual([b]);
    // Unflagging a word that is not flagged is fine.
    expect((await flag(cookie, a, { isFlagged: false })).status).toBe(200);
  });

  test('three correct answers in the flagged section clear a word through the progress call', async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Colors', 2));
    await t.server.api.words({ id }).progress.post({ correct: false, flag: true, inFlaggedSection: false }, { cookie });
    expect(await flaggedIds(cookie)).toEqual([id]);
    const remaining: (number | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.server.api.words({ id }).progress.post({ correct: true, flag: false, inFlaggedSection: true }, { cookie });
      remaining.push(res.json.remainingToRemove);
    }
    expect(remaining).toEqual([2, 1, 0]);
    expect(await flaggedIds(cookie)).toEqual([]);
  });

  test('flagging needs a session', async () => {
    const res = await flag(undefined, wordId(testEnglish('Colors', 1)), { isFlagged: true });
    expect(res.status).toBe(401);
    expect((await t.server.api.words.flagged.get()).status).toBe(401);
  });

  test('bad ids and bodies answer 4xx and flag nothing', async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    const cases: [number | string, unknown, number][] = [
      ['abc', { isFlagged: true }, 400],
      ['0', { isFlagged: true }, 400],
      [999_999, { isFlagged: true }, 404],
      [id, {}, 400],
      [id, { isFlagged: 'true' }, 400],
      [id, { isFlagged: null }, 400],
      [id, [true], 400],
      [id, '{', 400],
    ];
    for (const [path, body, status] of cases) {
      const res = await t.request('POST', `/api/words/${path}/flag`, { cookie, body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status });
    }
    expect((await t.request('POST', `/api/words/${id}/flag`, { cookie, body: { isFlagged: 1 } })).json).toMatchObject({
      error: 'Validation Error',
      message: 'isFlagged must be true or false.',
    });
    expect(await flaggedIds(cookie)).toEqual([]);
  });
});
