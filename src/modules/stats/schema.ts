import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count, createdAt, json, flag } from '../../db/columns';
import { users } from '../auth/schema';

/** The skills whose answers are counted apart. */
export const SKILLS = ['listening', 'speaking'] as const;
export type Skill = (typeof SKILLS)[number];

/** A learner's statistics; `points` is the all-time leaderboard measure (docs/product-rules.md#points-and-leaderboard). */
export const userStats = sqliteTable(
  'user_stats',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    totalAnswered: count('total_answered'),
    totalCorrect: count('total_correct'),
    totalIncorrect: count('total_incorrect'),
    bestStreak: count('best_streak'),
    lastStudyDate: text('last_study_date'),
    consecutiveDays: count('consecutive_days'),
    points: count('points'),
    timeZone: text('time_zone'),
  },
  (t) => [uniqueIndex('user_stats_user_unique').on(t.userId), index('user_stats_points_idx').on(t.points)],
);

/**
 * Each learner's points per week (weeks start Monday 00:00 UTC): the weekly leaderboard's running
 * totals, added to with every award instead of summing the ledger for every read.
 */
export const weeklyPoints = sqliteTable(
  'weekly_points',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: instant('week_start').notNull(),
    points: count('points'),
  },
  (t) => [
    uniqueIndex('weekly_points_user_week_unique').on(t.userId, t.weekStart),
    index('weekly_points_week_points_idx').on(t.weekStart, t.points),
  ],
);

/** Every award of points, as it happened. */
export const pointsLedger = sqliteTable(
  'points_ledger',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_created_idx').on(t.createdAt, t.userId)],
);

export const achievements = sqliteTable(
  'achievements',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievement: text('achievement').notNull(),
    earnedAt: createdAt(),
  },
  (t) => [uniqueIndex('achievements_user_achievement_unique').on(t.userId, t.achievement)],
);

/**
 * A learner's answers and right answers per skill practised by ear or by mouth (the listening drill,
 * speaking): the statistics page's accuracy for each (docs/decisions/0032-listening-drill.md).
 */
export const skillStats = sqliteTable(
  'skill_stats',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skill: text('skill', { enum: SKILLS }).notNull(),
    answered: count('answered'),
    correct: count('correct'),
  },
  (t) => [uniqueIndex('skill_stats_user_skill_unique').on(t.userId, t.skill)],
);

/** The learner's activity log, the source of session analytics (docs/product-rules.md#learning-time). */
export const userActivityLog = sqliteTable(
  'user_activity_log',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    page: text('page'),
    details: json<{ route?: string; action?: string; duration?: number; success?: boolean; metadata?: Record<string, unknown> }>('details'),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time'),
    sessionDuration: integer('session_duration'),
    featureId: text('feature_id'),
    sessionId: text('session_id'),
  },
  (t) => [index('user_activity_log_user_idx').on(t.userId, t.startTime)],
);

/**
 * A learner's daily goal and day streak (docs/product-rules.md#daily-goal-and-day-streak): one row each,
 * made by their first award. `streakDay` is the last of their own days that the streak counts.
 */
export const dailyGoals = sqliteTable(
  'daily_goals',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goalKind: text('goal_kind', { enum: ['minutes', 'cards'] }),
    goalAmount: integer('goal_amount'),
    dayStreak: count('day_streak'),
    bestDayStreak: count('best_day_streak'),
    streakDay: text('streak_day'),
    freezes: count('freezes'),
    freezePoints: count('freeze_points'),
  },
  (t) => [uniqueIndex('daily_goals_user_unique').on(t.userId)],
);

/**
 * What a learner did on each of their days: answers (`cards`) and how many were right, learning time,
 * whether the goal was met or a freeze kept the day. The goal and the progress charts read it.
 */
export const goalDays = sqliteTable(
  'goal_days',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    cards: count('cards'),
    correct: count('correct'),
    seconds: count('seconds'),
    met: flag('met'),
    frozen: flag('frozen'),
  },
  (t) => [uniqueIndex('goal_days_user_day_unique').on(t.userId, t.day)],
);

/**
 * A learner's reminder e-mails (docs/decisions/0040-progress-and-reminders.md): the daily one at their chosen hour
 * (null: off) and the weekly summary; each list's token in its unsubscribe links, drawn anew each time that list
 * is turned on (null: never on).
 */
export const reminderSettings = sqliteTable(
  'reminder_settings',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyHour: integer('daily_hour'),
    weekly: flag('weekly'),
    dailyToken: text('daily_token'),
    weeklyToken: text('weekly_token'),
  },
  (t) => [
    uniqueIndex('reminder_settings_user_unique').on(t.userId),
    uniqueIndex('reminder_settings_daily_token_unique').on(t.dailyToken),
    uniqueIndex('reminder_settings_weekly_token_unique').on(t.weeklyToken),
  ],
);

/** Each reminder reserved before it is sent, once per learner, kind and day (or week): a second run finds it taken. */
export const reminderSends = sqliteTable(
  'reminder_sends',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['daily', 'weekly'] }).notNull(),
    period: text('period').notNull(),
    reservedAt: createdAt(),
  },
  (t) => [uniqueIndex('reminder_sends_unique').on(t.userId, t.kind, t.period)],
);

/** A browser's web push subscription (docs/decisions/0040-progress-and-reminders.md): where and how to encrypt a reminder for it. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
