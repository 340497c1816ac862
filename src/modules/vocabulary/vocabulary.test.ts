import { describe, expect, test } from 'bun:test';
import { DAY_MS } from '../../lib/clock';
import { testEnglish, testContentApp } from '../../../tests/support/vocabulary';

const { t, wordId } = testContentApp();

const { vocabulary } = t.services;
const conjugationId = (tense: string, pronoun: string) =>
  (t.db.$client.query('select id from words where tense = ? and pronoun = ?').get(tense, pronoun) as { id: number }).id;
const userOf = (id: number) => t.services.auth.getUser(id)!;
async function learner() {
  const { user, cookie } = await t.signUp();
  return { cookie, user: userOf(user.id), refresh: () => userOf(user.id) };
}
/** Ends every trial so far: the learners signed up before this are on the free tier. */
const endTrials = () => t.clock.advance(8 * DAY_MS);
const colors1 = () => wordId(testEnglish('Colors', 1));

describe('batches', () => {
  test('unlock at best streaks 20, 35, 45, 55 and 65 and never go back', async () => {
    const { user } = await learner();
    const word = colors1();
    const seen: number[] = [];
    for (let i = 1; i <= 65; i++) {
      const result = vocabulary.answer(user, word, { correct: true, page: 'unified' });
      if (result.unlockedBatch) seen.push(i, result.unlockedBatch);
    }
    expect(seen).toEqual([20, 2, 35, 3, 45, 4, 55, 5, 65, 6]);
    const wrong = vocabulary.answer(user, word, { correct: false, page: 'unified' });
    expect(wrong.streak).toMatchObject({ currentStreak: 0, bestStreak: 65 });
    expect(wrong.batch).toMatchObject({ batch: 6, allUnlocked: true, nextBatch: null, remaining: null });
    // Even with the streak rows gone the stored batch stays.
    t.db.$client.run('delete from user_streak where user_id = ?', [user.id]);
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 6, maxUnlockedBatch: 6, bestStreak: 0 });
  });

  test("a card answer's batch is the batch as stored after it, unlock date included, wrong answers and a day later among them", async () => {
    const { user } = await learner();
    const word = colors1();
    const pattern = (i: number) => i % 7 !== 3 || i > 28;
    for (let i = 1; i <= 70; i++) {
      if (i === 30) t.clock.advance(DAY_MS);
      const result = vocabulary.answer(user, word, { correct: pattern(i), page: 'unified' });
      expect(result.batch).toEqual(vocabulary.batchOf(user));
    }
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 4, lastUnlockDate: expect.any(String) });
  });

  test('the All Words deck grows with the batch; the header counts what remains', async () => {
    const { user } = await learner();
    const deck1 = vocabulary.deckFor(user);
    expect(deck1.every((w) => w.batch === 1 && !w.isConjugation)).toBe(true);
    expect(deck1).toHaveLength(15 + 10 + 8);
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 1, nextBatch: 2, nextBatchStreak: 20, remaining: 20, unlockedWords: 33 });
    for (let i = 0; i < 5; i++) vocabulary.answer(user, colors1(), { correct: true, page: 'unified' });
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 1, currentStreak: 5, remaining: 15 });
    for (let i = 0; i < 15; i++) vocabulary.answer(user, colors1(), { correct: true, page: 'unified' });
    const deck2 = vocabulary.deckFor(user);
    expect(deck2).toHaveLength(33 + 5 + 3);
    expect(deck2.map((w) => w.batch)).toEqual([...deck2.map((w) => w.batch)].sort());
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 2, nextBatchStreak: 35, remaining: 15, unlockedWords: 41 });
  });

  test('answers for another page or without a page leave the batch alone', async () => {
    const { user } = await learner();
    for (let i = 0; i < 25; i++) vocabulary.answer(user, colors1(), { correct: true, page: 'which-word' });
    for (let i = 0; i < 25; i++) vocabulary.answer(user, colors1(), { correct: true });
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 1, bestStreak: 0 });
    expect(t.services.streak.get(user.id, 'which-word')).toMatchObject({ currentStreak: 25, bestStreak: 25 });
  });
});

describe('an answer', () => {
  test('counts progress, verb progress by tense (the imperative and the negative too) and topic progress', async () => {
    const { user } = await learner();
    const present = conjugationId('present', 'ana');
    vocabulary.answer(user, present, { correct: true });
    vocabulary.answer(user, present, { correct: false });
    vocabulary.answer(user, conjugationId('past', 'huwi'), { correct: true });
    vocabulary.answer(user, conjugationId('imperative', 'enti'), { correct: true });
    vocabulary.answer(user, conjugationId('negative', 'hinni'), { correct: true });
    vocabulary.answer(user, conjugationId('negative', 'ana'), { correct: false });
    expect(vocabulary.progress(user, present)).toMatchObject({ timesCorrect: 1, timesIncorrect: 1 });
    const verb = t.db.$client
      .query(
        'select times_correct, times_incorrect, past_count, present_count, future_count, imperative_count, negative_count from verb_progress where user_id = ?',
      )
      .get(user.id);
    expect(verb).toEqual({
      times_correct: 4,
      times_incorrect: 2,
      past_count: 1,
      present_count: 1,
      future_count: 0,
      imperative_count: 1,
      negative_count: 1,
    });
    const card = vocabulary.topicCards(user).find((c) => c.name === 'Verb: to write')!;
    expect(card).toMatchObject({ isVerb: true, verbId: expect.any(Number), progress: { totalWords: 35, wordsLearned: 4 } });
    expect(card.progress.lastPracticed).toBe(t.clock.now().toISOString());
    expect(card.culturalContext).toBe('Katab is a regular verb.');
  });

  test('a wrong answer flags the word; three correct answers in the flagged section clear it', async () => {
    const { user } = await learner();
    const word = wordId(testEnglish('Family', 2));
    expect(vocabulary.answer(user, word, { correct: false, flag: true })).toMatchObject({
      isFlagged: true,
      correctInFlagged: 0,
      remainingToRemove: 3,
    });
    // Correct answers outside the flagged section do not count toward removal.
    expect(vocabulary.answer(user, word, { correct: true, flag: false })).toMatchObject({ isFlagged: true, remainingToRemove: 3 });
    expect(vocabulary.answer(user, word, { correct: true, inFlaggedSection: true })).toMatchObject({
      remainingToRemove: 2,
      removedFromPracticeList: false,
    });
    // A wrong answer in the section keeps the word and its count: 3 correct in total.
    expect(vocabulary.answer(user, word, { correct: false, flag: true, inFlaggedSection: true })).toMatchObject({
      isFlagged: true,
      remainingToRemove: 2,
    });
    expect(vocabulary.answer(user, word, { correct: true, inFlaggedSection: true })).toMatchObject({ remainingToRemove: 1 });
    expect(vocabulary.flaggedWords(user).map((w) => w.id)).toEqual([word]);
    expect(vocabulary.answer(user, word, { correct: true, inFlaggedSection: true })).toMatchObject({
      isFlagged: false,
      correctInFlagged: 3,
      remainingToRemove: 0,
      removedFromPracticeList: true,
    });
    expect(vocabulary.flaggedWords(user)).toEqual([]);
    expect(vocabulary.progress(user, word)).toMatchObject({
      isFlagged: false,
      remainingToRemove: null,
      timesCorrect: 4,
      timesIncorrect: 2,
    });
  });

  test('a wrong answer flags its word by itself: the flash card sends no flag (docs/product-rules.md#flagged-words)', async () => {
    const { user } = await learner();
    const word = wordId(testEnglish('Family', 3));
    expect(vocabulary.answer(user, word, { correct: true })).toMatchObject({ isFlagged: false });
    expect(vocabulary.answer(user, word, { correct: false })).toMatchObject({ isFlagged: true, remainingToRemove: 3 });
    expect(vocabulary.flaggedWords(user).map((w) => w.id)).toEqual([word]);
  });

  test('a flag-only call flags without counting an answer', async () => {
    const { user } = await learner();
    const word = colors1();
    expect(vocabulary.answer(user, word, { flag: true, inFlaggedSection: false })).toMatchObject({
      isFlagged: true,
      timesCorrect: 0,
      timesIncorrect: 0,
      streak: null,
    });
    expect(vocabulary.deckFor(user).find((w) => w.id === word)!.isFlagged).toBe(true);
  });

  test('keeps the streak across a day boundary and dates it by the clock', async () => {
    const { user } = await learner();
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / DAY_MS) * DAY_MS - 60_000)); // 23:59 UTC
    vocabulary.answer(user, colors1(), { correct: true, page: 'unified' });
    t.clock.advance(2 * 60_000); // 00:01 the next day
    const next = vocabulary.answer(user, colors1(), { correct: true, page: 'unified' });
    expect(next.streak).toEqual({ currentStreak: 2, bestStreak: 2, lastPracticeDate: t.clock.now().toISOString() });
    t.clock.advance(3 * DAY_MS);
    expect(vocabulary.answer(user, colors1(), { correct: true, page: 'unified' }).streak).toMatchObject({ currentStreak: 3 });
  });
});

describe('access', () => {
  test('an anonymous visitor gets the 10-word deck of free batch-1 words, without notes', () => {
    const deck = vocabulary.deckFor(null);
    expect(deck).toHaveLength(10);
    expect(deck.every((w) => w.topic === 'Colors' && w.batch === 1 && w.culturalContext === null && !w.isFlagged)).toBe(true);
  });

  test('during the trial: premium topics, all tenses, the imperative, the negative and cultural notes', async () => {
    const { user } = await learner();
    expect(vocabulary.topicWords(user, 'Animals')).toHaveLength(10);
    const verbWords = vocabulary.topicWords(user, 'verb: TO WRITE');
    expect(verbWords).toHaveLength(35);
    expect(verbWords.filter((w) => w.tense === 'imperative').map((w) => w.pronoun)).toEqual(['enta', 'enti', 'ento']);
    expect(verbWords.filter((w) => w.tense === 'negative')).toHaveLength(8);
    expect(verbWords.find((w) => w.tense === 'imperative' && w.pronoun === 'enta')).toMatchObject({
      isConjugation: true,
      lebanese: 'ktb imperative enta',
      english: 'enta writes (imperative)',
    });
    expect(vocabulary.deckFor(user).find((w) => w.english === testEnglish('Colors', 1))!.culturalContext).toBe('A note about Colors.');
    expect(vocabulary.answer(user, conjugationId('future', 'ana'), { correct: true }).timesCorrect).toBe(1);
  });

  test('after the trial: the first 20 free words, free topics and the present tense only', async () => {
    const { refresh } = await learner();
    for (let i = 0; i < 70; i++) vocabulary.answer(refresh(), colors1(), { correct: true, page: 'unified' });
    endTrials();
    const user = refresh();
    const deck = vocabulary.deckFor(user);
    expect(deck.map((w) => w.english)).toEqual([
      ...Array.from({ length: 15 }, (_, i) => testEnglish('Colors', i + 1)),
      ...Array.from({ length: 5 }, (_, i) => testEnglish('Family', i + 1)),
    ]);
    expect(deck.every((w) => w.culturalContext === null)).toBe(true);
    expect(vocabulary.batchOf(user)).toMatchObject({ batch: 6, unlockedWords: 20 });

    expect(() => vocabulary.topicWords(user, 'Animals')).toThrow('Your 7-day trial period has ended. Please subscribe to continue.');
    const verbWords = vocabulary.topicWords(user, 'Verb: to write');
    expect(verbWords).toHaveLength(8);
    expect(verbWords.every((w) => w.tense === 'present')).toBe(true);
    // Free topics stay open in full, beyond the first 20 words.
    expect(vocabulary.topicWords(user, 'Food')).toHaveLength(15);
    expect(vocabulary.answer(user, wordId(testEnglish('Food', 15)), { correct: true }).timesCorrect).toBe(1);
    expect(vocabulary.answer(user, conjugationId('present', 'hiyyi'), { correct: true }).timesCorrect).toBe(1);

    const refused = [
      conjugationId('past', 'ana'),
      conjugationId('future', 'hinni'),
      conjugationId('imperative', 'enta'),
      conjugationId('negative', 'ana'),
      wordId(testEnglish('Animals', 1)),
    ];
    for (const id of refused) {
      expect(() => vocabulary.answer(user, id, { correct: true })).toThrow('Your 7-day trial period has ended.');
      expect(() => vocabulary.setFlag(user, id, true)).toThrow('Your 7-day trial period has ended.');
    }
    const cards = vocabulary.topicCards(user);
    expect(cards.find((c) => c.name === 'Animals')).toMatchObject({ isPremium: true, isTrialAccessible: false });
    expect(cards.find((c) => c.name === 'Food')).toMatchObject({ isPremium: false, isTrialAccessible: true });
  });

  test('a paying subscriber keeps everything after the trial', async () => {
    const { refresh } = await learner();
    endTrials();
    await t.services.billing.payDemo(refresh(), { planId: 'monthly' });
    const user = refresh();
    expect(vocabulary.topicWords(user, 'Animals')).toHaveLength(10);
    expect(vocabulary.deckFor(user)).toHaveLength(33);
  });

  test('the practice list hides words the learner can no longer open, and unflagging always works', async () => {
    const { refresh } = await learner();
    const animal = wordId(testEnglish('Animals', 2));
    const color = colors1();
    vocabulary.setFlag(refresh(), color, true);
    vocabulary.setFlag(refresh(), animal, true);
    expect(vocabulary.flaggedWords(refresh()).map((w) => w.id)).toEqual([animal, color]);
    endTrials();
    expect(vocabulary.flaggedWords(refresh()).map((w) => w.id)).toEqual([color]);
    expect(vocabulary.setFlag(refresh(), animal, false)).toEqual({ wordId: animal, isFlagged: false });
  });
});
