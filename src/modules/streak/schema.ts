import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count } from '../../db/columns';
import { users } from '../auth/schema';

export const STREAK_PAGES = ['unified', 'which-word', 'letters', 'sentences', 'listening'] as const;
export type StreakPage = (typeof STREAK_PAGES)[number];

/** The streak: one row per learner and practice page (docs/product-rules.md#streak). */
export const userStreak = sqliteTable(
  'user_streak',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: text('page', { enum: STREAK_PAGES }).notNull().default('unified'),
    currentStreak: count('current_streak'),
    bestStreak: count('best_streak'),
    lastPracticeDate: instant('last_practice_date'),
  },
  (t) => [uniqueIndex('user_streak_user_page_unique').on(t.userId, t.page)],
);
