import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { inTransaction } from '../../lib/writes';
import { POINTS, type AchievementName } from '../stats/rules';
import type { StatsService } from '../stats/service';
import { streakView, type StreakService } from '../streak/service';
import { ratingFor } from '../review/rules';
import type { ReviewService } from '../review/service';
import { NUMBER_LETTERS } from './content';
import type { LetterAnswer } from './model';
import { letterProgress, letters } from './schema';

/** A number-letter of the guide (docs/product-rules.md#letters). */
export interface LetterView {
  number: number;
  /** The digit as written in arabizi. */
  arabizi: string;
  arabic: string;
  englishLetter: string;
  meaning: string;
  example: { arabizi: string; arabic: string; english: string };
}

export interface LetterProgressView {
  letterNumber: number;
  timesCorrect: number;
  timesIncorrect: number;
  lastPracticed: string | null;
}

export interface LetterAnswerResult extends LetterProgressView {
  streak: ReturnType<typeof streakView>;
  /** The learner's points after this answer. */
  points: number;
  /** Achievements this answer earned for the first time. */
  earned: AchievementName[];
}

/** Correct answers per number-letter that earn the Number Letters achievement (docs/product-rules.md#points-and-leaderboard). */
export const NUMBER_LETTERS_MASTERY = 3;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The number-letter guide and the letters game (docs/product-rules.md#letters): per-letter counts, the 'letters' streak,
 * points and achievements, each answer in one transaction.
 */
export function createLettersService(ctx: AppContext, deps: { streak: StreakService; stats: StatsService; review: ReviewService }) {
  const { db, clock } = ctx;
  const { streak, stats, review } = deps;
  const P = sql.placeholder;

  const letterByNumber = db
    .select({ number: letters.number })
    .from(letters)
    .where(eq(letters.number, P('number')))
    .prepare();
  // Counts are added in SQL, so answers arriving together all count.
  const addProgress = db
    .insert(letterProgress)
    .values({
      userId: P('userId'),
      letterNumber: P('letterNumber'),
      timesCorrect: P('correct'),
      timesIncorrect: P('incorrect'),
      lastPracticed: P('now'),
    })
    .onConflictDoUpdate({
      target: [letterProgress.userId, letterProgress.letterNumber],
      set: {
        timesCorrect: sql`${letterProgress.timesCorrect} + excluded.times_correct`,
        timesIncorrect: sql`${letterProgress.timesIncorrect} + excluded.times_incorrect`,
        lastPracticed: sql`excluded.last_practiced`,
      },
    })
    .returning({
      timesCorrect: letterProgress.timesCorrect,
      timesIncorrect: letterProgress.timesIncorrect,
      lastPracticed: letterProgress.lastPracticed,
    })
    .prepare();
  const masteredCount = db
    .select({ n: sql<number>`count(*)` })
    .from(letterProgress)
    .where(and(eq(letterProgress.userId, P('userId')), gte(letterProgress.timesCorrect, NUMBER_LETTERS_MASTERY)))
    .prepare();

  return {
    /** The guide in its authored order. */
    list(): LetterView[] {
      return db
        .select()
        .from(letters)
        .orderBy(asc(letters.sortOrder), asc(letters.number))
        .all()
        .map((l) => ({
          number: l.number,
          arabizi: String(l.number),
          arabic: l.arabic,
          englishLetter: l.englishLetter,
          meaning: l.meaning,
          example: { arabizi: l.exampleArabizi, arabic: l.exampleArabic, english: l.exampleEnglish },
        }));
    },

    /** The learner's counts for every letter of the guide, zeros for letters not yet practised. */
    progress(userId: number): LetterProgressView[] {
      const rows = new Map(
        db
          .select()
          .from(letterProgress)
          .where(eq(letterProgress.userId, userId))
          .all()
          .map((p) => [p.letterNumber, p]),
      );
      return db
        .select({ number: letters.number })
        .from(letters)
        .orderBy(asc(letters.sortOrder), asc(letters.number))
        .all()
        .map(({ number }) => {
          const p = rows.get(number);
          return {
            letterNumber: number,
            timesCorrect: p?.timesCorrect ?? 0,
            timesIncorrect: p?.timesIncorrect ?? 0,
            lastPracticed: iso(p?.lastPracticed),
          };
        });
    },

    /** One answer (a timeout is a wrong one): the letter's counts and the 'letters' streak together. */
    answer(userId: number, input: LetterAnswer): LetterAnswerResult {
      return inTransaction(db.$client, () => {
        if (!letterByNumber.get({ number: input.letterNumber })) throw notFound('This letter is not in the guide.');
        const c = input.correct ? 1 : 0;
        const at = clock.now();
        const row = addProgress.get({ userId, letterNumber: input.letterNumber, correct: c, incorrect: 1 - c, now: at })!;
        // One card per letter, read as arabizi → its sound: the game's questions mix both ways round.
        review.record({
          userId,
          kind: 'letter',
          itemId: input.letterNumber,
          direction: 'lebanese-to-english',
          rating: ratingFor(input.correct),
          at,
        });
        const recorded = streak.record(userId, 'letters', input.correct);
        // progress rows exist only for the five number-letters (the body allows no other).
        const numberLettersMastered = masteredCount.get({ userId })!.n >= NUMBER_LETTERS.length;
        const award = stats.award({
          userId,
          points: input.correct ? POINTS.letter : 0,
          reason: 'letter',
          page: 'letters',
          correct: input.correct,
          numberLettersMastered,
        });
        return {
          letterNumber: input.letterNumber,
          timesCorrect: row.timesCorrect,
          timesIncorrect: row.timesIncorrect,
          lastPracticed: iso(row.lastPracticed),
          streak: streakView(recorded),
          points: award.points,
          earned: award.earned,
        };
      });
    },
  };
}

export type LettersService = ReturnType<typeof createLettersService>;
