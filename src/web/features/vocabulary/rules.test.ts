import { describe, expect, test } from 'bun:test';
import { reconcileStreak } from '../../../modules/streak/rules';
import { parseStoredCount } from '../../lib/streak';
import { shuffled } from '../../../shared/shuffle';
import {
  batchForStreak,
  batchLabel,
  batchStatus,
  countdownPercent,
  flaggedFeedback,
  isNewWord,
  markSeen,
  nextStreak,
  parseSeenWords,
  pickNextWord,
  practicePercent,
  practiceSummary,
  recentMemorySize,
  shownBatch,
  shownLebanese,
  topicPath,
  topicPercent,
  topicTitle,
  topicsForGrid,
  validWords,
} from './rules';

/** A repeatable random source. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}
const list = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('word selection', () => {
  test('the memory holds min(75% of the list, 10) words', () => {
    expect(recentMemorySize(1)).toBe(0);
    expect(recentMemorySize(4)).toBe(3);
    expect(recentMemorySize(8)).toBe(6);
    expect(recentMemorySize(13)).toBe(9);
    expect(recentMemorySize(14)).toBe(10);
    expect(recentMemorySize(200)).toBe(10);
  });

  test('never repeats a word still in memory', () => {
    const words = list(20);
    const random = seeded(7);
    let recent: number[] = [];
    for (let i = 0; i < 500; i++) {
      const { word, recent: next } = pickNextWord(words, recent, random);
      expect(recent).not.toContain(word!.id);
      expect(next.length).toBeLessThanOrEqual(10);
      expect(next[next.length - 1]).toBe(word!.id);
      recent = next;
    }
  });

  test('resets the memory when fewer than min(3, size) words remain outside it, without repeating the last', () => {
    const words = list(4);
    // 2 of 4 remembered leaves 2 < 3 candidates: the memory resets to the last shown word.
    const { word, recent } = pickNextWord(words, [1, 2], () => 0);
    expect(word!.id).toBe(1);
    expect(recent).toEqual([2, 1]);
    const again = pickNextWord(words, [3, 4], () => 0.99);
    expect(again.word!.id).toBe(3);
  });

  test('a two-word list alternates and a one-word list repeats its word', () => {
    const two = list(2);
    let recent: number[] = [];
    const shown: number[] = [];
    for (let i = 0; i < 6; i++) {
      const next = pickNextWord(two, recent, seeded(i));
      shown.push(next.word!.id);
      recent = next.recent;
    }
    for (let i = 1; i < shown.length; i++) expect(shown[i]).not.toBe(shown[i - 1]);
    expect(pickNextWord(list(1), [1], Math.random)).toEqual({ word: { id: 1 }, recent: [] });
    expect(pickNextWord([], [1, 2], Math.random)).toEqual({ word: null, recent: [] });
  });

  test('ids no longer in the list drop out of the memory', () => {
    const { recent } = pickNextWord(list(10), [99, 98, 2], () => 0);
    expect(recent).not.toContain(99);
    expect(recent).toContain(2);
  });

  test('shuffle keeps every item', () => {
    const out = shuffled(list(30), seeded(3));
    expect(out.map((w) => w.id).sort((a, b) => a - b)).toEqual(list(30).map((w) => w.id));
    expect(out.map((w) => w.id)).not.toEqual(list(30).map((w) => w.id));
  });
});

describe('streak', () => {
  test('a correct answer adds one and lifts the best; a wrong one resets to 0 and keeps the best', () => {
    expect(nextStreak({ currentStreak: 4, bestStreak: 4 }, true)).toEqual({ currentStreak: 5, bestStreak: 5 });
    expect(nextStreak({ currentStreak: 2, bestStreak: 9 }, true)).toEqual({ currentStreak: 3, bestStreak: 9 });
    expect(nextStreak({ currentStreak: 7, bestStreak: 9 }, false)).toEqual({ currentStreak: 0, bestStreak: 9 });
  });

  test('the server wins on reconciling, a wrong answer stays 0 and the best never drops', () => {
    expect(reconcileStreak({ currentStreak: 3, bestStreak: 3 }, { currentStreak: 12, bestStreak: 20 }, true)).toEqual({
      currentStreak: 12,
      bestStreak: 20,
    });
    expect(reconcileStreak({ currentStreak: 0, bestStreak: 8 }, { currentStreak: 5, bestStreak: 5 }, false)).toEqual({
      currentStreak: 0,
      bestStreak: 8,
    });
  });
});

describe('batches', () => {
  test('thresholds 0, 20, 35, 45, 55, 65', () => {
    const cases: [number, number][] = [
      [0, 1],
      [19, 1],
      [20, 2],
      [34, 2],
      [35, 3],
      [44, 3],
      [45, 4],
      [55, 5],
      [64, 5],
      [65, 6],
      [500, 6],
    ];
    for (const [best, batch] of cases) expect(batchForStreak(best)).toBe(batch);
  });

  test('the shown batch is the larger of the stored one and the streak one', () => {
    expect(shownBatch(4, 0)).toBe(4);
    expect(shownBatch(1, 36)).toBe(3);
    expect(shownBatch(0, 0)).toBe(1);
  });

  test('the header says what the next batch needs and congratulates at batch 6', () => {
    expect(batchStatus({ maxUnlockedBatch: 1, bestStreak: 12, currentStreak: 5 })).toEqual({
      batch: 1,
      totalBatches: 6,
      allUnlocked: false,
      nextBatch: 2,
      nextBatchStreak: 20,
      remaining: 15,
    });
    expect(batchStatus({ maxUnlockedBatch: 3, bestStreak: 40, currentStreak: 0 }).remaining).toBe(45);
    expect(batchStatus({ maxUnlockedBatch: 6, bestStreak: 0, currentStreak: 0 })).toMatchObject({
      batch: 6,
      allUnlocked: true,
      nextBatch: null,
      remaining: null,
    });
    expect(batchLabel(2)).toBe('Batch 2 of 6');
  });
});

describe('flagged feedback', () => {
  test('counts down, then says the word left the list, and encourages when the count is unknown', () => {
    expect(flaggedFeedback(2)).toBe('2 more correct answers to remove this word from your practice list.');
    expect(flaggedFeedback(1)).toBe('1 more correct answer to remove this word from your practice list.');
    expect(flaggedFeedback(0)).toBe('This word has been removed from your practice list.');
    expect(flaggedFeedback(null)).toBe('Keep practicing to remove this word from your practice list.');
  });
});

describe('word lists and topics', () => {
  test('keeps words with a numeric id and string english and lebanese', () => {
    const raw = [
      { id: 1, english: 'a', lebanese: 'b' },
      { id: '2', english: 'a', lebanese: 'b' },
      { id: 3, english: null, lebanese: 'b' },
      null,
      { id: 4, english: 'c', lebanese: 'd' },
    ];
    expect(validWords(raw as unknown[]).map((w) => w.id)).toEqual([1, 4]);
  });

  test('conjugations show their arabizi', () => {
    expect(shownLebanese({ lebanese: 'x', arabizi: 'bekol', isConjugation: true })).toBe('bekol');
    expect(shownLebanese({ lebanese: 'ahmar', arabizi: 'ahmar2', isConjugation: false })).toBe('ahmar');
  });

  test('summary, percents, titles and paths', () => {
    expect(practiceSummary(7, 10)).toBe('You got 7 out of 10 words correct.');
    expect(practicePercent(1, 3)).toBe(33);
    expect(practicePercent(0, 0)).toBe(0);
    expect(topicTitle('Verb: to eat')).toBe('Practice "to eat" Conjugations');
    expect(topicTitle('Family')).toBe('Family');
    expect(topicPath('Verb: to eat')).toBe('/topics/Verb%3A%20to%20eat');
    expect(topicPercent({ wordsLearned: 5, totalWords: 20 })).toBe(25);
    expect(topicPercent({ wordsLearned: 0, totalWords: 0 })).toBe(0);
    expect(
      topicsForGrid([{ name: 'Colors' }, { name: 'Family' }, { name: 'Food' }, { name: 'Basic Phrases' }, { name: 'Food and Drink' }]),
    ).toEqual([{ name: 'Family' }, { name: 'Food and Drink' }]);
  });
});

describe('local storage and timings', () => {
  test('seen words: invalid stored data is discarded', () => {
    expect(parseSeenWords('[1,2,2,"x",-1,3.5,4]')).toEqual([1, 2, 4]);
    expect(parseSeenWords('{"a":1}')).toEqual([]);
    expect(parseSeenWords('not json')).toEqual([]);
    expect(parseSeenWords(null)).toEqual([]);
    expect(markSeen([1], 2)).toEqual([1, 2]);
    expect(markSeen([1, 2], 2)).toEqual([1, 2]);
    expect(isNewWord([1, 2], 3)).toBe(true);
    expect(isNewWord([1, 2], 2)).toBe(false);
  });

  test('stored counts: whole numbers from 0, else 0', () => {
    expect(parseStoredCount('12')).toBe(12);
    expect(parseStoredCount('-3')).toBe(0);
    expect(parseStoredCount('abc')).toBe(0);
    expect(parseStoredCount(null)).toBe(0);
  });

  test('the countdown drains from 100 to 0 over 15 s', () => {
    expect(countdownPercent(0)).toBe(100);
    expect(countdownPercent(7_500)).toBe(50);
    expect(countdownPercent(20_000)).toBe(0);
  });
});
