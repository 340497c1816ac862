import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { inTransaction } from '../../lib/writes';
import type { User } from '../auth/service';
import type { FlaggedService, FlagState } from '../flagged/service';
import { defaultDirection, ratingFor, type GradeName } from '../review/rules';
import type { Direction } from '../review/schema';
import type { ReviewService } from '../review/service';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
import type { StreakPage } from '../streak/schema';
import { streakView, type Streak } from '../streak/service';
import type { Batches } from './batches';
import type { Catalogue } from './catalogue';
import type { Tier } from './free-tier';
import { TOTAL_BATCHES } from './rules';
import { topicProgress, userProgress, verbProgress, type Tense } from './schema';
import { iso, type BatchView, type WordProgress } from './views';

export interface AnswerInput {
  correct?: boolean;
  flag?: boolean;
  inFlaggedSection?: boolean;
  /** The practice page whose streak this answer counts for; without it the streak is left alone. */
  page?: Extract<StreakPage, 'unified' | 'which-word' | 'listening'>;
  /** The side the learner answered from; without it, the side the page shows (docs/decisions/0014). */
  direction?: Direction;
  /** The grade chosen on Review's buttons; without it I know it is Good and Still learning Again. */
  grade?: GradeName;
}

export interface AnswerResult extends WordProgress {
  /** True when this answer took the word off the practice list (the third correct answer there). */
  removedFromPracticeList: boolean;
  streak: { currentStreak: number; bestStreak: number; lastPracticeDate: string | null } | null;
  batch: BatchView;
  /** The batch this answer unlocked, or null. */
  unlockedBatch: number | null;
}

/** A word as heard and said: what the listening drill and speaking judge an answer against. */
export interface PractisedWord {
  id: number;
  english: string;
  lebanese: string;
  arabicScript: string;
  topic: string;
}

type Counts = { timesCorrect: number; timesIncorrect: number; lastSeen: Date | null };

/**
 * A learner's progress on a word and the answer that moves it (docs/product-rules.md#flash-cards), on
 * the hot path (docs/decisions/0008): every statement is prepared here, once.
 */
export function createAnswers(
  { db, clock }: AppContext,
  deps: { flagged: FlaggedService; stats: StatsService; review: ReviewService; catalogue: Catalogue; tier: Tier; batches: Batches },
) {
  const { flagged, stats, review } = deps;
  const { findWord, topicSize } = deps.catalogue;
  const { assertMayPractise } = deps.tier;
  const { batchOf, recordCard, recordStreak } = deps.batches;
  const P = sql.placeholder;

  const readProgress = db
    .select({ timesCorrect: userProgress.timesCorrect, timesIncorrect: userProgress.timesIncorrect, lastSeen: userProgress.lastSeen })
    .from(userProgress)
    .where(and(eq(userProgress.userId, P('userId')), eq(userProgress.wordId, P('wordId'))))
    .prepare();
  const answeredIds = db
    .select({ wordId: userProgress.wordId })
    .from(userProgress)
    .where(eq(userProgress.userId, P('userId')))
    .prepare();
  // Counts are added in SQL, so answers arriving together all count.
  const addProgress = db
    .insert(userProgress)
    .values({ userId: P('userId'), wordId: P('wordId'), lastSeen: P('now'), timesCorrect: P('correct'), timesIncorrect: P('incorrect') })
    .onConflictDoUpdate({
      target: [userProgress.userId, userProgress.wordId],
      set: {
        timesCorrect: sql`${userProgress.timesCorrect} + excluded.times_correct`,
        timesIncorrect: sql`${userProgress.timesIncorrect} + excluded.times_incorrect`,
        lastSeen: sql`excluded.last_seen`,
      },
    })
    .returning({ timesCorrect: userProgress.timesCorrect, timesIncorrect: userProgress.timesIncorrect, lastSeen: userProgress.lastSeen })
    .prepare();
  const addVerbProgress = db
    .insert(verbProgress)
    .values({
      userId: P('userId'),
      verbId: P('verbId'),
      lastSeen: P('now'),
      timesCorrect: P('correct'),
      timesIncorrect: P('incorrect'),
      pastCount: P('past'),
      presentCount: P('present'),
      futureCount: P('future'),
      imperativeCount: P('imperative'),
      negativeCount: P('negative'),
    })
    .onConflictDoUpdate({
      target: [verbProgress.userId, verbProgress.verbId],
      set: {
        timesCorrect: sql`${verbProgress.timesCorrect} + excluded.times_correct`,
        timesIncorrect: sql`${verbProgress.timesIncorrect} + excluded.times_incorrect`,
        pastCount: sql`${verbProgress.pastCount} + excluded.past_count`,
        presentCount: sql`${verbProgress.presentCount} + excluded.present_count`,
        futureCount: sql`${verbProgress.futureCount} + excluded.future_count`,
        imperativeCount: sql`${verbProgress.imperativeCount} + excluded.imperative_count`,
        negativeCount: sql`${verbProgress.negativeCount} + excluded.negative_count`,
        lastSeen: sql`excluded.last_seen`,
      },
    })
    .prepare();
  // A word counts as learned at its first correct answer: a running total, kept exact by the answers
  // being serialised by the write queue, and counted afresh by every import (content.ts).
  const touchTopic = db
    .insert(topicProgress)
    .values({ userId: P('userId'), topicId: P('topicId'), wordsLearned: P('learned'), totalWords: P('total'), lastPracticed: P('now') })
    .onConflictDoUpdate({
      target: [topicProgress.userId, topicProgress.topicId],
      set: {
        wordsLearned: sql`${topicProgress.wordsLearned} + excluded.words_learned`,
        totalWords: sql`excluded.total_words`,
        lastPracticed: sql`excluded.last_practiced`,
      },
    })
    .prepare();

  function progressOf(
    userId: number,
    wordId: number,
    row: Counts | undefined = readProgress.get({ userId, wordId }),
    flag = flagged.state(userId, wordId),
  ): WordProgress {
    return {
      wordId,
      timesCorrect: row?.timesCorrect ?? 0,
      timesIncorrect: row?.timesIncorrect ?? 0,
      lastSeen: iso(row?.lastSeen),
      isFlagged: flag.isFlagged,
      correctInFlagged: flag.correctInFlagged,
      remainingToRemove: flag.remainingToRemove,
    };
  }

  return {
    /**
     * The words this learner has answered, on any device: seen, so the flash card shows them no 'New word!'
     * (docs/product-rules.md#flash-cards). Their own read, never part of the deck everyone shares.
     */
    answeredWordIds(user: User): number[] {
      return answeredIds.all({ userId: user.id }).map((row) => row.wordId);
    },

    /**
     * A word the learner may practise, as spoken and written: its English, its Lebanese (a verb form's
     * arabizi) and its Arabic script. 404 for no such word; 401 or 402 for a premium word outside their tier.
     */
    practisedWord(user: User, wordId: number): PractisedWord {
      const word = findWord(wordId);
      assertMayPractise(user, word);
      return { id: word.id, english: word.english, lebanese: word.lebanese, arabicScript: word.arabicScript, topic: word.topic };
    },

    /** A learner's counts of a word; 404 for no such word, 402 for a premium word after the trial, as its answers. */
    progress(user: User, wordId: number): WordProgress {
      assertMayPractise(user, findWord(wordId));
      return progressOf(user.id, wordId);
    },

    /**
     * One answer (or a flag-only call) in one transaction, the caller's or its own when called alone: word,
     * verb and topic progress; the practice list (a wrong answer flags, a correct one in the flagged section counts toward removal); the
     * page's streak and, through it, the batch; the learner's statistics and points; the word's memory card.
     */
    answer(user: User, wordId: number, input: AnswerInput): AnswerResult {
      return inTransaction(db.$client, () => {
        const word = findWord(wordId);
        assertMayPractise(user, word);
        const at = clock.now();
        const userId = user.id;
        let counts: Counts | undefined;
        if (input.correct !== undefined) {
          const c = input.correct ? 1 : 0;
          counts = addProgress.get({ userId, wordId, now: at, correct: c, incorrect: 1 - c })!;
          if (word.verbId !== null) {
            const tense = (t: Tense) => (input.correct && word.tense === t ? 1 : 0);
            addVerbProgress.run({
              userId,
              verbId: word.verbId,
              now: at,
              correct: c,
              incorrect: 1 - c,
              past: tense('past'),
              present: tense('present'),
              future: tense('future'),
              imperative: tense('imperative'),
              negative: tense('negative'),
            });
          }
          const learned = input.correct && counts.timesCorrect === 1 ? 1 : 0;
          touchTopic.run({ userId, topicId: word.topicId, now: at, learned, total: topicSize(word.topicId) });
          review.record({
            userId,
            kind: 'word',
            itemId: wordId,
            direction: input.direction ?? defaultDirection(input.page),
            rating: ratingFor(input.correct, input.grade),
            at,
            newCardWaits: input.page === 'listening',
          });
        }
        let flag: ReturnType<FlaggedService['correctInSection']> | FlagState | undefined;
        if (input.flag === true || input.correct === false) flag = flagged.flag(userId, wordId);
        else if (input.correct === true && input.inFlaggedSection) flag = flagged.correctInSection(userId, wordId);
        const removedFromPracticeList = (flag && 'removed' in flag && flag.removed) || false;

        let recorded: Streak | null = null;
        let batchBefore: number | null = null;
        let batch: BatchView;
        if (input.page === 'unified' && input.correct !== undefined) {
          const card = recordCard(user, input.correct);
          recorded = card.recorded;
          batchBefore = card.before.batch;
          batch = card.after;
        } else {
          if (input.page && input.correct !== undefined) recorded = recordStreak(userId, input.page, input.correct);
          batch = batchOf(user);
        }
        if (input.correct !== undefined) {
          // A card, a which-word and a listening answer earn the same points; listening is also counted as its own skill.
          const reason = input.page === 'which-word' || input.page === 'listening' ? input.page : 'card';
          stats.award({
            userId,
            points: input.correct ? POINTS[reason] : 0,
            reason,
            page: input.page,
            streak: recorded ?? undefined,
            correct: input.correct,
            allBatchesUnlocked: batch.maxUnlockedBatch >= TOTAL_BATCHES,
          });
        }
        return {
          ...progressOf(userId, wordId, counts, flag),
          removedFromPracticeList,
          streak: recorded ? streakView(recorded) : null,
          batch,
          unlockedBatch: batchBefore !== null && batch.batch > batchBefore ? batch.batch : null,
        };
      });
    },
  };
}
