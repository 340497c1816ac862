import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { keptRows, type KeptRows } from '../../lib/kept';
import { STREAK_PAGES, userStreak, type StreakPage } from './schema';

export interface Streak {
  currentStreak: number;
  bestStreak: number;
  lastPracticeDate: Date | null;
}

/** The streak as the calls answer it. */
export const streakView = (s: Streak) => ({
  currentStreak: s.currentStreak,
  bestStreak: s.bestStreak,
  lastPracticeDate: s.lastPracticeDate?.toISOString() ?? null,
});

/**
 * Streaks per learner and page (docs/product-rules.md#streak). An answer is one UPSERT whose arithmetic runs
 * in SQLite, so answers arriving together never overwrite each other's count.
 */
export function createStreakService(ctx: AppContext) {
  const { db, clock } = ctx;

  const read = db
    .select({ currentStreak: userStreak.currentStreak, bestStreak: userStreak.bestStreak, lastPracticeDate: userStreak.lastPracticeDate })
    .from(userStreak)
    .where(and(eq(userStreak.userId, sql.placeholder('userId')), eq(userStreak.page, sql.placeholder('page'))))
    .prepare();

  // A correct answer: +1 and lift the best; a wrong one: 0. SET reads the row's old values.
  const answer = db
    .insert(userStreak)
    .values({
      userId: sql.placeholder('userId'),
      page: sql.placeholder('page'),
      currentStreak: sql.placeholder('first'),
      bestStreak: sql.placeholder('first'),
      lastPracticeDate: sql.placeholder('now'),
    })
    .onConflictDoUpdate({
      target: [userStreak.userId, userStreak.page],
      set: {
        currentStreak: sql`case when ${sql.placeholder('correct')} then ${userStreak.currentStreak} + 1 else 0 end`,
        bestStreak: sql`max(${userStreak.bestStreak}, case when ${sql.placeholder('correct')} then ${userStreak.currentStreak} + 1 else 0 end)`,
        lastPracticeDate: sql`excluded.last_practice_date`,
      },
    })
    .returning({
      currentStreak: userStreak.currentStreak,
      bestStreak: userStreak.bestStreak,
      lastPracticeDate: userStreak.lastPracticeDate,
    })
    .prepare();

  // A page's streak is read by every answer on it, and the card streak by every All Words visit: kept per
  // process, a set of rows per page, this service being the only writer of its table.
  const kept = Object.fromEntries(
    STREAK_PAGES.map((page) => [
      page,
      keptRows(
        db.$client,
        (userId: number): Streak => read.get({ userId, page }) ?? { currentStreak: 0, bestStreak: 0, lastPracticeDate: null },
      ),
    ]),
  ) as Record<StreakPage, KeptRows<number, Streak>>;

  return {
    /** The learner's streak on a page; zeros before the first answer. Not to be changed. */
    get(userId: number, page: StreakPage): Readonly<Streak> {
      return kept[page].get(userId);
    },

    /** Records one answer: one statement, so it needs no transaction of its own. */
    record(userId: number, page: StreakPage, correct: boolean): Streak {
      const recorded = answer.get({ userId, page, correct: correct ? 1 : 0, first: correct ? 1 : 0, now: clock.now() })!;
      kept[page].forget(userId);
      return recorded;
    },
  };
}

export type StreakService = ReturnType<typeof createStreakService>;
