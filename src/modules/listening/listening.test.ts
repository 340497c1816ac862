import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';
import { LISTENING_ROUND_SIZE } from './rules';

const { t, wordId } = testContentApp();

const wordOf = (id: number) =>
  t.db.$client
    .query(
      'select w.english, w.lebanese, w.arabic_script as arabic, t.name as topic from words w join topics t on t.id = w.topic_id where w.id = ?',
    )
    .get(id) as { english: string; lebanese: string; arabic: string; topic: string };
const skillOf = (userId: number, skill: string) =>
  t.db.$client.query('select answered, correct from skill_stats where user_id = ? and skill = ?').get(userId, skill);

describe('GET /api/listening/round', () => {
  test('words of the learner deck, no text but the speech, four distinct meanings from the same topic', async () => {
    const { cookie } = await t.signUp();
    const res = await t.server.api.listening.round.get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(LISTENING_ROUND_SIZE);
    // Batch 1 in the trial: Colors, Family's first ten and Animals' first eight, and the verb's batch-1 forms.
    const deck = new Set((await t.server.api.words.get({ cookie })).json.map((w: { id: number }) => w.id));
    for (const q of res.json) {
      expect(Object.keys(q).sort()).toEqual(['options', 'speech', 'wordId']);
      expect(deck.has(q.wordId)).toBe(true);
      const word = wordOf(q.wordId);
      expect(q.speech).toBe(word.lebanese);
      expect(q.options).toHaveLength(4);
      expect(q.options).toContain(word.english);
      expect(new Set(q.options).size).toBe(4);
      // Every topic of batch 1 has at least four words: the distractors are its own.
      if (!word.topic.startsWith('Verb:')) for (const option of q.options) expect(option.startsWith(word.topic)).toBe(true);
    }
    expect(new Set(res.json.map((q: { wordId: number }) => q.wordId)).size).toBe(LISTENING_ROUND_SIZE);
  });

  test('signed out: 401', async () => {
    expect((await t.server.api.listening.round.get()).status).toBe(401);
  });
});

describe('POST /api/listening/answers', () => {
  test('a right meaning earns points, counts as listening, builds the listening streak and shows the transcript', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    const res = await t.server.api.listening.answers.post({ wordId: id, mode: 'choose', answer: 'colors 1' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ correct: true, verdict: null, isFlagged: false, streak: { currentStreak: 1, bestStreak: 1 } });
    expect(res.json.word).toEqual({
      id,
      english: 'Colors 1',
      lebanese: wordOf(id).lebanese,
      arabicScript: wordOf(id).arabic,
      topic: 'Colors',
    });
    expect(skillOf(user.id, 'listening')).toEqual({ answered: 1, correct: 1 });
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({
      points: 10,
      totalAnswered: 1,
      skills: { listening: { answered: 1, correct: 1 }, speaking: { answered: 0, correct: 0 } },
    });
    expect((await t.server.api.streak.get({ cookie, query: { page: 'listening' } })).json).toMatchObject({ currentStreak: 1 });
    // The card streak is another page's.
    expect((await t.server.api.streak.get({ cookie, query: { page: 'unified' } })).json).toMatchObject({ currentStreak: 0 });
  });

  // The learner chooses the word's meaning (docs/product-rules.md#listening-drill): only that meaning is right,
  // not another word's nor a part of it.
  test("a chosen meaning is right only when it is the word's own English", async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Colors', 1));
    for (const answer of [testEnglish('Colors', 2), 'colors']) {
      const res = await t.server.api.listening.answers.post({ wordId: id, mode: 'choose', answer }, { cookie });
      expect(res.json).toMatchObject({ correct: false, streak: { currentStreak: 0 } });
    }
    const own = await t.server.api.listening.answers.post({ wordId: id, mode: 'choose', answer: ' COLORS 1 ' }, { cookie });
    expect(own.json.correct).toBe(true);
  });

  test('a dictation is judged as typed answers are: another spelling is right, one letter off is a miss', async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Family', 2));
    const lebanese = wordOf(id).lebanese;
    // Its last letter doubled: a spelling habit (a word's first consonant doubled is grammar: nnem, "we sleep").
    const doubled = lebanese.replace(/([a-z])(?=[^a-z]*$)/, '$1$1').toUpperCase();
    const right = await t.server.api.listening.answers.post({ wordId: id, mode: 'dictation', answer: ` ${doubled} ` }, { cookie });
    expect(right.json).toMatchObject({
      correct: true,
      verdict: 'right',
      judgement: { verdict: 'right', words: [{ typed: doubled, expected: lebanese, mark: 'variant' }] },
    });
    const almost = await t.server.api.listening.answers.post({ wordId: id, mode: 'dictation', answer: `${lebanese}x` }, { cookie });
    expect(almost.json).toMatchObject({ correct: false, verdict: 'almost', isFlagged: true, streak: { currentStreak: 0, bestStreak: 1 } });
  });

  test('a miss puts the word on the practice list and due in the memory review, from the Lebanese side', async () => {
    const { cookie } = await t.signUp();
    const id = wordId(testEnglish('Family', 3));
    const res = await t.server.api.listening.answers.post({ wordId: id, mode: 'choose', answer: 'Family 4' }, { cookie });
    expect(res.json).toMatchObject({ correct: false, isFlagged: true, word: { english: 'Family 3' } });
    expect((await t.server.api.words.flagged.get({ cookie })).json.map((w: { id: number }) => w.id)).toContain(id);
    // A missed card comes back within minutes (FSRS's first learning step).
    t.clock.advance(DAY_MS);
    try {
      const due = (await t.server.api.review.due.get({ cookie })).json.words;
      expect(due).toContainEqual(expect.objectContaining({ id, direction: 'lebanese-to-english' }));
    } finally {
      t.clock.advance(-DAY_MS);
    }
    expect((await t.server.api.stats.get({ cookie })).json).toMatchObject({
      points: 0,
      totalIncorrect: 1,
      skills: { listening: { answered: 1, correct: 0 } },
    });
  });

  test('premium words after the trial: 402; unknown words 404', async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    try {
      const res = await t.server.api.listening.answers.post(
        { wordId: wordId(testEnglish('Animals', 1)), mode: 'choose', answer: 'Animals 1' },
        { cookie },
      );
      expect(res.status).toBe(402);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
    expect((await t.server.api.listening.answers.post({ wordId: 999999, mode: 'choose', answer: 'x' }, { cookie })).status).toBe(404);
  });

  test('bad answers are 400 with the field named, and change nothing; signed out is 401', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Colors', 2));
    const bad = [
      [{ mode: 'choose', answer: 'x' }, 'wordId'],
      [{ wordId: 'x', mode: 'choose', answer: 'x' }, 'wordId'],
      [{ wordId: 1.5, mode: 'choose', answer: 'x' }, 'wordId'],
      [{ wordId: 0, mode: 'choose', answer: 'x' }, 'wordId'],
      [{ wordId: id, mode: 'shout', answer: 'x' }, 'mode'],
      [{ wordId: id, mode: 'dictation', answer: '   ' }, 'answer'],
      [{ wordId: id, mode: 'dictation', answer: 'x'.repeat(201) }, 'answer'],
      [{ wordId: id, mode: 'dictation', answer: 3 }, 'answer'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await t.request('POST', '/api/listening/answers', { cookie, body });
      expect(res.status).toBe(400);
      expect(res.error?.details?.field).toBe(field);
    }
    expect((await t.request('POST', '/api/listening/answers', { cookie, body: '[1]' })).status).toBe(400);
    expect(skillOf(user.id, 'listening')).toBeNull();
    expect((await t.server.api.listening.answers.post({ wordId: id, mode: 'choose', answer: 'x' })).status).toBe(401);
  });
});
