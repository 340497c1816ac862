import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';
import { shuffled } from '../../shared/shuffle';
import { isExcludedTopic, isPlayable, optionsFor } from './rules';

const { t, wordId } = testContentApp();

/** A seeded generator, so a shuffle is checked without depending on luck. */
function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('rules', () => {
  test('the grid leaves out colors, numbers, greetings and basic phrases, however they are spelled', () => {
    for (const name of ['Colors', 'numbers', 'Greetings', 'Basic Phrases', 'basic_phrases', 'basic-phrases'])
      expect(isExcludedTopic(name)).toBe(true);
    for (const name of ['Family', 'Food and Drink', 'Verb: to eat', 'Basic']) expect(isExcludedTopic(name)).toBe(false);
  });

  test('a playable word has English that is not a number and an arabizi value', () => {
    expect(isPlayable({ english: 'cat', lebanese: 'bsayne' })).toBe(true);
    expect(isPlayable({ english: 'cat', lebanese: '', arabizi: 'bsayne' })).toBe(true);
    expect(isPlayable({ english: '12', lebanese: 'tna3sh' })).toBe(false);
    expect(isPlayable({ english: ' ', lebanese: 'x' })).toBe(false);
    expect(isPlayable({ english: 'cat', lebanese: ' ' })).toBe(false);
    expect(isPlayable({ english: 3, lebanese: 'x' })).toBe(false);
  });

  test('four distinct options with the answer, from the topic while it has three others', () => {
    const random = seeded(7);
    for (let i = 0; i < 50; i++) {
      const options = optionsFor('kalb', ['bsayne', 'Kalb', 'samke', '7san', 'ba2ra'], ['other'], random)!;
      expect(options).toHaveLength(4);
      expect(options).toContain('kalb');
      expect(new Set(options.map((o) => o.toLowerCase())).size).toBe(4);
      expect(options).not.toContain('other');
    }
  });

  test('a small topic is topped up from all words; too few words give no question', () => {
    expect(optionsFor('kalb', ['bsayne'], ['bsayne', 'kalb', 'ahla', 'marhaba'], seeded(3))!.sort()).toEqual([
      'ahla',
      'bsayne',
      'kalb',
      'marhaba',
    ]);
    expect(optionsFor('kalb', ['bsayne'], ['kalb', 'ahla'], seeded(3))).toBeNull();
  });

  test('shuffled keeps every item and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = shuffled(input, seeded(11));
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('GET /api/which-word/topics', () => {
  test('signed out: free topics and the verb topic, without Colors or premium topics, nothing practised', async () => {
    const res = await t.server.api['which-word'].topics.get();
    expect(res.status).toBe(200);
    expect(res.json.map((c: { name: string }) => c.name)).toEqual(['Family', 'Food', 'Verb: to write']);
    expect(res.json[0]).toEqual({ name: 'Family', isVerb: false, isPremium: false, wordsLearned: 0, totalWords: 15, lastPracticed: null });
  });

  test('in the trial: premium topics join; an answer shows as learned with its date', async () => {
    const { cookie } = await t.signUp();
    const answer = await t.server.api
      .words({ id: wordId(testEnglish('Family', 2)) })
      .progress.post({ correct: true, flag: false, page: 'which-word' }, { cookie });
    expect(answer.status).toBe(200);
    expect(answer.json.streak).toMatchObject({ currentStreak: 1, bestStreak: 1 });
    const res = await t.server.api['which-word'].topics.get({ cookie });
    expect(res.json.map((c: { name: string }) => c.name)).toEqual(['Family', 'Animals', 'Food', 'Verb: to write']);
    expect(res.json[0]).toEqual({
      name: 'Family',
      isVerb: false,
      isPremium: false,
      wordsLearned: 1,
      totalWords: 15,
      lastPracticed: t.clock.now().toISOString(),
    });
    expect((await t.server.api.streak.get({ cookie, query: { page: 'which-word' } })).json).toMatchObject({
      currentStreak: 1,
      bestStreak: 1,
    });
  });

  test('after the trial premium topics leave the grid again', async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    try {
      const res = await t.server.api['which-word'].topics.get({ cookie });
      expect(res.json.map((c: { name: string }) => c.name)).toEqual(['Family', 'Food', 'Verb: to write']);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });
});

describe('GET /api/which-word/topics/{topic}', () => {
  test('a round of every word of the topic, each with four distinct options holding its arabizi', async () => {
    const res = await t.server.api['which-word'].topics({ topic: 'family' }).get();
    expect(res.status).toBe(200);
    expect(res.json.topic).toBe('Family');
    expect(res.json.questions).toHaveLength(15);
    const family = new Set(res.json.questions.map((q: { word: { arabizi: string } }) => q.word.arabizi));
    for (const { word, options } of res.json.questions) {
      expect(word.topic).toBe('Family');
      expect(options).toHaveLength(4);
      expect(options).toContain(word.arabizi);
      expect(new Set(options).size).toBe(4);
      // Family has enough words: every distractor is one of its own.
      for (const option of options) expect(family.has(option)).toBe(true);
    }
    expect(new Set(res.json.questions.map((q: { word: { id: number } }) => q.word.id)).size).toBe(15);
  });

  test('a verb topic after the trial plays its present tense only', async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    try {
      const res = await t.server.api['which-word'].topics({ topic: 'Verb: to write' }).get({ cookie });
      expect(res.status).toBe(200);
      expect(res.json.questions).toHaveLength(8);
      for (const q of res.json.questions) expect(q.word.tense).toBe('present');
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  test('premium topics: 401 signed out, the words in the trial, 402 after it', async () => {
    expect((await t.server.api['which-word'].topics({ topic: 'Animals' }).get()).status).toBe(401);
    const { cookie } = await t.signUp();
    const inTrial = await t.server.api['which-word'].topics({ topic: 'Animals' }).get({ cookie });
    expect(inTrial.status).toBe(200);
    expect(inTrial.json.questions).toHaveLength(10);
    t.clock.advance(8 * DAY_MS);
    try {
      const after = await t.server.api['which-word'].topics({ topic: 'Animals' }).get({ cookie });
      expect(after.status).toBe(402);
      expect(after.error?.error).toBe('trial_expired');
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  test('bad topics answer 4xx, never 500', async () => {
    expect((await t.request('GET', '/api/which-word/topics/Nothing%20here')).status).toBe(404);
    expect((await t.request('GET', '/api/which-word/topics/%20')).status).toBe(400);
    expect((await t.server.api['which-word'].topics({ topic: 'x'.repeat(101) }).get()).status).toBe(400);
    expect((await t.request('GET', '/api/which-word/topics/%E0%A4%A')).status).toBe(400);
  });

  test('a which-word answer earns 10 points when right; a wrong one flags the word and resets the streak', async () => {
    const { cookie, user } = await t.signUp();
    const id = wordId(testEnglish('Food', 1));
    await t.server.api.words({ id }).progress.post({ correct: true, flag: false, page: 'which-word' }, { cookie });
    const wrong = await t.server.api.words({ id }).progress.post({ correct: false, flag: true, page: 'which-word' }, { cookie });
    expect(wrong.json).toMatchObject({ isFlagged: true, timesCorrect: 1, timesIncorrect: 1, streak: { currentStreak: 0, bestStreak: 1 } });
    // The card streak is a different page and stays untouched.
    expect((await t.server.api.streak.get({ cookie, query: { page: 'unified' } })).json).toMatchObject({ currentStreak: 0, bestStreak: 0 });
    expect(t.db.$client.query('select total_answered, total_correct, points from user_stats where user_id = ?').get(user.id)).toEqual({
      total_answered: 2,
      total_correct: 1,
      points: 10,
    });
  });
});
