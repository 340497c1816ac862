import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';

const { t, wordId } = testContentApp();

const pastAna = () => (t.db.$client.query("select id from words where tense = 'past' and pronoun = 'ana'").get() as { id: number }).id;
const maxWordId = () => (t.db.$client.query('select max(id) as id from words').get() as { id: number }).id;
const colors1 = () => wordId(testEnglish('Colors', 1));

const WORD_KEYS = [
  'id',
  'english',
  'lebanese',
  'arabizi',
  'arabicScript',
  'isFlagged',
  'topic',
  'culturalContext',
  'batch',
  'verbId',
  'tense',
  'pronoun',
  'isConjugation',
];

describe('GET /api/words', () => {
  test('signed out: the 10-word landing deck', async () => {
    const res = await t.server.api.words.get();
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(10);
    expect(Object.keys(res.json[0]).sort()).toEqual([...WORD_KEYS].sort());
  });

  test('signed in: the unlocked batches with flags', async () => {
    const { cookie, user } = await t.signUp();
    await t.server.api.words({ id: colors1() }).flag.post({ isFlagged: true }, { cookie });
    const res = await t.server.api.words.get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(33);
    expect(res.json[0]).toMatchObject({
      english: 'Colors 1',
      isFlagged: true,
      culturalContext: 'A note about Colors.',
      batch: 1,
      isConjugation: false,
    });
    expect(res.json.filter((w) => w.isFlagged)).toHaveLength(1);
    // The list sent is joined from each word's JSON; it is the learner's deck all the same.
    expect(res.json).toEqual(t.services.vocabulary.deckFor(t.services.auth.getUser(user.id)!));
  });
});

describe('GET /api/words/batch', () => {
  test('needs a session and describes the batch', async () => {
    expect((await t.server.api.words.batch.get()).status).toBe(401);
    const { cookie } = await t.signUp();
    const res = await t.server.api.words.batch.get({ cookie });
    expect(res.json).toEqual({
      batch: 1,
      totalBatches: 6,
      allUnlocked: false,
      nextBatch: 2,
      nextBatchStreak: 20,
      remaining: 20,
      maxUnlockedBatch: 1,
      currentStreak: 0,
      bestStreak: 0,
      lastUnlockDate: null,
      unlockedWords: 33,
    });
  });
});

describe('GET /api/words/answered', () => {
  test("needs a session and lists the words this learner answered, right or wrong, and no one else's", async () => {
    expect((await t.server.api.words.answered.get()).status).toBe(401);
    const { cookie } = await t.signUp();
    const other = await t.signUp();
    expect((await t.server.api.words.answered.get({ cookie })).json).toEqual([]);
    const family1 = wordId(testEnglish('Family', 1));
    await t.server.api.words({ id: colors1() }).progress.post({ correct: true }, { cookie });
    await t.server.api.words({ id: family1 }).progress.post({ correct: false }, { cookie });
    await t.server.api.words({ id: colors1() }).progress.post({ correct: false }, { cookie });
    expect((await t.server.api.words.answered.get({ cookie })).json.sort((a, b) => a - b)).toEqual(
      [colors1(), family1].sort((a, b) => a - b),
    );
    expect((await t.server.api.words.answered.get({ cookie: other.cookie })).json).toEqual([]);
  });
});

describe('topics', () => {
  test('names, with or without the verb topics', async () => {
    expect((await t.server.api.words.topics.get({ query: { includeVerbs: true } })).json).toEqual([
      'Colors',
      'Family',
      'Animals',
      'Food',
      'Verb: to write',
    ]);
    expect((await t.server.api.words.topics.get()).json).toEqual(['Colors', 'Family', 'Animals', 'Food']);
    expect((await t.server.api.words.topics.get({ query: { includeVerbs: false } })).json).toHaveLength(4);
    const bad = await t.request('GET', '/api/words/topics?includeVerbs=yes');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: 'Validation Error', message: 'includeVerbs must be true or false.' });
  });

  test('topic cards with progress', async () => {
    const { cookie } = await t.signUp();
    await t.server.api.words({ id: colors1() }).progress.post({ correct: true }, { cookie });
    const res = await t.server.api.words['topics-with-progress'].get({ cookie });
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      name: 'Colors',
      isPremium: false,
      isTrialAccessible: true,
      isVerb: false,
      verbId: null,
      culturalContext: null,
      progress: { totalWords: 15, wordsLearned: 1, lastPracticed: t.clock.now().toISOString() },
    });
    const anonymous = await t.server.api.words['topics-with-progress'].get();
    expect(anonymous.json.find((c) => c.name === 'Animals')).toMatchObject({
      isPremium: true,
      isTrialAccessible: false,
      progress: { wordsLearned: 0 },
    });
  });

  test('words of a topic, by its URL-encoded name', async () => {
    const { cookie } = await t.signUp();
    const verb = await t.server.api.words['by-topic']({ topic: 'Verb: to write' }).get({ cookie });
    expect(verb.status).toBe(200);
    expect(verb.json).toHaveLength(35);
    expect(verb.json[0]).toMatchObject({
      isConjugation: true,
      tense: 'past',
      pronoun: 'ana',
      topic: 'Verb: to write',
      arabizi: 'ktb past ana',
    });
    expect((await t.server.api.words['by-topic']({ topic: 'Family' }).get({ cookie })).json).toHaveLength(15);
    const unknown = await t.server.api.words['by-topic']({ topic: 'Nothing here' }).get({ cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('This topic does not exist.');
    expect((await t.server.api.words['by-topic']({ topic: 'x'.repeat(101) }).get()).status).toBe(400);
    expect((await t.request('GET', '/api/words/by-topic/%20')).status).toBe(400);
    const malformed = await t.request('GET', '/api/words/by-topic/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe('The topic name is not valid.');
    // Signed out: free topics open, premium ones need an account.
    expect((await t.server.api.words['by-topic']({ topic: 'Colors' }).get()).status).toBe(200);
    expect((await t.server.api.words['by-topic']({ topic: 'Animals' }).get()).status).toBe(401);
  });
});

describe('GET /api/verbs', () => {
  test('lists the verbs with their topic and how many forms each has', async () => {
    const { cookie } = await t.signUp();
    const res = await t.server.api.verbs.get({ cookie });
    // The forms a learner in the trial practises on the verb's topic.
    const forms = (await t.server.api.words['by-topic']({ topic: 'Verb: to write' }).get({ cookie })).json.length;
    expect(forms).toBeGreaterThan(0);
    expect(res.json).toEqual([
      {
        id: expect.any(Number),
        key: 'write',
        infinitive: 'katab',
        arabic: 'كتب',
        english: 'to write',
        culturalContext: 'Katab is a regular verb.',
        topic: 'Verb: to write',
        forms,
      },
    ]);
    expect((await t.server.api.verbs.get()).json[0].culturalContext).toBeNull();
  });
});

describe('word progress', () => {
  test('an answer answers with progress, practice list, streak and batch', async () => {
    const { cookie } = await t.signUp();
    const id = colors1();
    const res = await t.server.api
      .words({ id })
      .progress.post({ correct: false, flag: true, inFlaggedSection: false, page: 'unified' }, { cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      wordId: id,
      timesCorrect: 0,
      timesIncorrect: 1,
      lastSeen: t.clock.now().toISOString(),
      isFlagged: true,
      correctInFlagged: 0,
      remainingToRemove: 3,
      removedFromPracticeList: false,
      streak: { currentStreak: 0, bestStreak: 0, lastPracticeDate: t.clock.now().toISOString() },
      batch: expect.objectContaining({ batch: 1, remaining: 20 }),
      unlockedBatch: null,
    });
    const read = await t.server.api.words({ id }).progress.get({ cookie });
    expect(read.json).toEqual({
      wordId: id,
      timesCorrect: 0,
      timesIncorrect: 1,
      lastSeen: t.clock.now().toISOString(),
      isFlagged: true,
      correctInFlagged: 0,
      remainingToRemove: 3,
    });
    const flagged = await t.server.api.words.flagged.get({ cookie });
    expect(flagged.json.map((w) => w.id)).toEqual([id]);
  });

  test('sixty answers at once all count', async () => {
    const { cookie } = await t.signUp();
    const id = colors1();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.server.api.words({ id: i % 2 ? id : id + 1 }).progress.post({ correct: true, page: 'unified' }, { cookie }),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await t.server.api.words({ id }).progress.get({ cookie })).json.timesCorrect).toBe(30);
    expect((await t.server.api.words({ id: id + 1 }).progress.get({ cookie })).json.timesCorrect).toBe(30);
    expect((await t.server.api.streak.get({ cookie })).json).toMatchObject({ currentStreak: 60, bestStreak: 60 });
    // Exactly one answer saw each unlock.
    expect(
      answers
        .map((r) => r.json.unlockedBatch)
        .filter(Boolean)
        .sort(),
    ).toEqual([2, 3, 4, 5]);
    const cards = (await t.server.api.words['topics-with-progress'].get({ cookie })).json;
    expect(cards.find((c) => c.name === 'Colors')!.progress.wordsLearned).toBe(2);
  });

  test('signed out: 401 with the message of the catalogue', async () => {
    const res = await t.server.api.words({ id: colors1() }).progress.post({ correct: true });
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe('You need to log in to access this feature.');
    expect((await t.server.api.words({ id: colors1() }).progress.get()).status).toBe(401);
  });

  test('bad ids and bodies answer 4xx and change nothing', async () => {
    const { cookie } = await t.signUp();
    const id = colors1();
    const cases: [string, unknown, number][] = [
      [`/api/words/abc/progress`, { correct: true }, 400],
      [`/api/words/0/progress`, { correct: true }, 400],
      [`/api/words/1.5/progress`, { correct: true }, 400],
      [`/api/words/-3/progress`, { correct: true }, 400],
      [`/api/words/99999999999999999999/progress`, { correct: true }, 400],
      [`/api/words/${maxWordId() + 1}/progress`, { correct: true }, 404],
      [`/api/words/${id}/progress`, {}, 400],
      [`/api/words/${id}/progress`, { correct: 'yes' }, 400],
      [`/api/words/${id}/progress`, { correct: 1 }, 400],
      [`/api/words/${id}/progress`, { correct: null }, 400],
      [`/api/words/${id}/progress`, { flag: false }, 400],
      [`/api/words/${id}/progress`, { correct: true, flag: 'no' }, 400],
      [`/api/words/${id}/progress`, { correct: true, inFlaggedSection: 'yes' }, 400],
      [`/api/words/${id}/progress`, { correct: true, page: 'letters' }, 400],
      [`/api/words/${id}/progress`, { flag: true, page: 'unified' }, 400],
      [`/api/words/${id}/progress`, [true], 400],
      [`/api/words/${id}/progress`, 'true', 400],
      [`/api/words/${id}/progress`, '{"correct":', 400],
      [`/api/words/${id}/progress`, { correct: true, idempotencyKey: 'short' }, 400],
      [`/api/words/${id}/progress`, { correct: true, idempotencyKey: 'x'.repeat(65) }, 400],
      [`/api/words/${id}/progress`, { correct: true, idempotencyKey: 'has spaces in it, and commas' }, 400],
      [`/api/words/${id}/progress`, { correct: true, idempotencyKey: 12345678901234567 }, 400],
    ];
    for (const [path, body, status] of cases) {
      const res = await t.request('POST', path, { cookie, body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status });
      expect(res.json.requestId).toBeTruthy();
    }
    const form = await t.request('POST', `/api/words/${id}/progress`, {
      cookie,
      body: 'correct=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await t.request('GET', '/api/words/abc/progress', { cookie })).status).toBe(400);
    expect((await t.server.api.words({ id: maxWordId() + 1 }).progress.get({ cookie })).status).toBe(404);
    expect((await t.server.api.words({ id }).progress.get({ cookie })).json).toMatchObject({
      timesCorrect: 0,
      timesIncorrect: 0,
      isFlagged: false,
    });
  });

  test('the messages name what is wrong', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request('POST', `/api/words/${colors1()}/progress`, { cookie, body: { correct: 'yes' } });
    expect(res.json).toMatchObject({ error: 'Validation Error', message: 'correct must be true or false.', details: { field: 'correct' } });
    const none = await t.server.api.words({ id: colors1() }).progress.post({}, { cookie });
    expect(none.error?.message).toBe('Send correct (true or false), or flag: true.');
    const id = await t.request('POST', '/api/words/abc/progress', { cookie, body: { correct: true } });
    expect(id.json.message).toBe('The id must be a positive whole number.');
  });
});

describe('the premium guard', () => {
  test('after the trial: 402 trial_expired for premium topics, words and past or future forms', async () => {
    const { cookie } = await t.signUp();
    t.clock.advance(8 * DAY_MS);
    const expected = { error: 'trial_expired', message: 'Your 7-day trial period has ended. Please subscribe to continue.' };
    const topic = await t.server.api.words['by-topic']({ topic: 'Animals' }).get({ cookie });
    expect(topic.status).toBe(402);
    expect(topic.json).toMatchObject(expected);
    for (const id of [pastAna(), wordId(testEnglish('Animals', 1))]) {
      const answer = await t.server.api.words({ id }).progress.post({ correct: true }, { cookie });
      expect(answer.status).toBe(402);
      expect(answer.json).toMatchObject(expected);
      expect((await t.server.api.words({ id }).flag.post({ isFlagged: true }, { cookie })).status).toBe(402);
    }
    // Free content stays open.
    expect((await t.server.api.words({ id: colors1() }).progress.post({ correct: true }, { cookie })).status).toBe(200);
    expect((await t.server.api.words['by-topic']({ topic: 'Verb: to write' }).get({ cookie })).json).toHaveLength(8);
    // The verb's card counts the forms the learner can practise.
    const cards = (await t.server.api.words['topics-with-progress'].get({ cookie })).json;
    expect(cards.find((c) => c.name === 'Verb: to write')!.progress.totalWords).toBe(8);
    expect((await t.server.api.words.get({ cookie })).json).toHaveLength(20);
  });
});
