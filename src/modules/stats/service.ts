import { and, desc, eq, gt, max, sql, sum } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import type { AuthService } from '../auth/service';
import type { Streak, StreakService } from '../streak/service';
import type { StreakPage } from '../streak/schema';
import { achievements, pointsLedger, skillStats, SKILLS, userActivityLog, userStats, weeklyPoints, type Skill } from './schema';
import { createGoals } from './goal';
import { createReminders } from './reminders';
import { createPush } from './push';
import type { Goal } from './rules';

/** Points per correct answer (a role-play's right line among them) or completed lesson (docs/product-rules.md#points-and-leaderboard). */
export const POINTS = { card: 10, 'which-word': 10, letter: 5, sentence: 20, lesson: 50, listening: 10, speaking: 10, dialogue: 10 } as const;
export type PointsReason = keyof typeof POINTS;

/** The achievements, in the order the statistics page lists them (docs/product-rules.md#points-and-leaderboard). */
export const ACHIEVEMENTS = [
  { name: 'First Steps', description: 'Answer your first question correctly.' },
  { name: 'On Fire', description: 'Reach a streak of 10 correct answers.' },
  { name: 'Unstoppable', description: 'Reach a streak of 50 correct answers.' },
  { name: 'Batch Master', description: 'Unlock batch 6.' },
  { name: 'Dedicated', description: 'Study 7 days in a row.' },
  { name: 'Wordsmith', description: 'Answer 100 questions correctly.' },
  { name: 'Scholar', description: 'Complete your first lesson.' },
  { name: 'Number Letters', description: 'Answer each number-letter (2, 3, 5, 7, 8) correctly 3 times.' },
] as const;
export type AchievementName = (typeof ACHIEVEMENTS)[number]['name'];

export const LEADERBOARD_SIZE = 20;
/** Learning time is measured between heartbeats; a longer gap means the learner was away. */
export const ACTIVITY_GAP_SECONDS = 60;

export interface AwardInput {
  userId: number;
  /** Points earned by this event: POINTS[reason] for a correct answer or a completed lesson, 0 otherwise. */
  points: number;
  /** What earned them; 'lesson' means a completed lesson (the Scholar achievement). */
  reason: PointsReason;
  /** The streak page the answer counted on; its streak (already recorded) drives On Fire and Unstoppable. */
  page?: StreakPage;
  /** That page's streak after this answer, when the caller has it at hand (read otherwise). */
  streak?: Streak;
  /** Set for an answer: it counts toward totalAnswered and totalCorrect or totalIncorrect. */
  correct?: boolean;
  /** Vocabulary's verdict: every batch unlocked after the answer (Batch Master). */
  allBatchesUnlocked?: boolean;
  /** The letters module's verdict: every number-letter answered correctly 3 times. */
  numberLettersMastered?: boolean;
}

export interface AwardResult {
  points: number;
  /** Achievements this event earned for the first time. */
  earned: AchievementName[];
}

export interface AchievementView {
  name: AchievementName;
  description: string;
  earned: boolean;
  earnedAt: string | null;
}

export interface StatsView {
  totalAnswered: number;
  totalCorrect: number;
  totalIncorrect: number;
  bestStreak: number;
  /** The current run of study days; 0 once a whole day in the learner's time zone went by without study. */
  consecutiveDays: number;
  lastStudyDate: string | null;
  points: number;
  weeklyPoints: number;
  achievements: AchievementView[];
  /** Answers by ear (the listening drill) and by mouth (speaking), each with how many were right. */
  skills: Record<Skill, { answered: number; correct: number }>;
}

export interface LeaderboardEntry {
  rank: number;
  username: string;
  points: number;
}

export interface LeaderboardBoard {
  entries: LeaderboardEntry[];
  /** The viewer's own place; rank null before their first points in that period. */
  viewer: { rank: number | null; username: string; points: number };
}

/** The leaderboard event's data: both boards' top entries, without any viewer's own place. */
export interface Standings {
  allTime: LeaderboardEntry[];
  thisWeek: { since: string; entries: LeaderboardEntry[] };
}

declare module '../../shared/channels' {
  interface Channels {
    /** Someone scored: the newest standings, to everyone signed in. */
    leaderboard: Standings;
  }
}

export interface Leaderboard {
  allTime: LeaderboardBoard;
  thisWeek: LeaderboardBoard & { since: string };
}

export interface SessionAnalytics {
  totalTimeSpent: number;
  lastActive: string | null;
  featureUsage: { featureId: string; totalTime: number }[];
}

const isSkill = (reason: PointsReason): reason is Skill => (SKILLS as readonly string[]).includes(reason);

/** An IANA zone name the runtime knows (Intl throws a RangeError for any other). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();
/**
 * The calendar day ('YYYY-MM-DD') of an instant in a time zone. Every zone's day starts on a whole
 * minute, so the answer is kept per zone for the minute it was asked in (Intl is slow for every answer).
 */
export function calendarDay(at: Date, timeZone: string): string {
  const minute = Math.floor(at.getTime() / MINUTE_MS);
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, day: '' };
    dayFormats.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    const parts = Object.fromEntries(zone.format.formatToParts(at).map((p) => [p.type, p.value]));
    zone.minute = minute;
    zone.day = `${parts.year}-${parts.month}-${parts.day}`;
  }
  return zone.day;
}

/** The day before a 'YYYY-MM-DD' day. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** Monday 00:00 UTC of the week holding `at`: one weekly board for every learner. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** Competition ranks over a list sorted by points: equal points share a rank (1, 1, 3). */
function ranked(rows: { username: string; points: number }[]): LeaderboardEntry[] {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || row.points !== rows[i - 1]!.points) rank = i + 1;
    return { rank, username: row.username, points: row.points };
  });
}

/**
 * Statistics, points, achievements, the leaderboard (docs/product-rules.md#points-and-leaderboard) and learning
 * time (docs/product-rules.md#learning-time).
 * Other modules call `award` inside their answer transaction, so counts, points and achievements
 * commit together with the answer or not at all.
 */
export function createStatsService(ctx: AppContext, deps: { auth: AuthService; streak: StreakService }) {
  const { db, clock, events } = ctx;
  const { auth, streak } = deps;
  const P = sql.placeholder;
  const goals = createGoals(db);

  const ensureRow = db.insert(userStats).values({ userId: P('userId') }).onConflictDoNothing().prepare();
  const readRow = db.select().from(userStats).where(eq(userStats.userId, P('userId'))).prepare();
  const writeRow = db
    .update(userStats)
    .set({
      // Arithmetic in SQL: the caller's transaction holds the write lock, and nothing is read twice.
      totalAnswered: sql`${userStats.totalAnswered} + ${P('answered')}`,
      totalCorrect: sql`${userStats.totalCorrect} + ${P('correct')}`,
      totalIncorrect: sql`${userStats.totalIncorrect} + ${P('incorrect')}`,
      points: sql`${userStats.points} + ${P('points')}`,
      bestStreak: sql`max(${userStats.bestStreak}, ${P('streak')})`,
      lastStudyDate: sql`${P('day')}`,
      consecutiveDays: sql`${P('days')}`,
    })
    .where(eq(userStats.userId, P('userId')))
    .returning()
    .prepare();
  const addLedger = db.insert(pointsLedger).values({ userId: P('userId'), points: P('points'), source: P('source'), createdAt: P('at') }).prepare();
  const addWeekly = db
    .insert(weeklyPoints)
    .values({ userId: P('userId'), weekStart: P('week'), points: P('points') })
    .onConflictDoUpdate({ target: [weeklyPoints.userId, weeklyPoints.weekStart], set: { points: sql`${weeklyPoints.points} + excluded.points` } })
    .prepare();
  const grant = db
    .insert(achievements)
    .values({ userId: P('userId'), achievement: P('achievement'), earnedAt: P('at') })
    .onConflictDoNothing()
    .returning({ achievement: achievements.achievement })
    .prepare();
  const earnedOf = db.select({ achievement: achievements.achievement, earnedAt: achievements.earnedAt }).from(achievements).where(eq(achievements.userId, P('userId'))).prepare();
  const addSkill = db
    .insert(skillStats)
    .values({ userId: P('userId'), skill: P('skill'), answered: 1, correct: P('correct') })
    .onConflictDoUpdate({
      target: [skillStats.userId, skillStats.skill],
      set: { answered: sql`${skillStats.answered} + 1`, correct: sql`${skillStats.correct} + excluded.correct` },
    })
    .prepare();
  const skillsOf = db.select({ skill: skillStats.skill, answered: skillStats.answered, correct: skillStats.correct }).from(skillStats).where(eq(skillStats.userId, P('userId'))).prepare();
  const setZone = db
    .insert(userStats)
    .values({ userId: P('userId'), timeZone: P('timeZone') })
    .onConflictDoUpdate({ target: userStats.userId, set: { timeZone: sql`excluded.time_zone` } })
    .prepare();

  // The boards leave out accounts marked for deletion, which auth names (a JSON list of ids); the board's
  // usernames come from auth too. A board holds the top 20 and every row tied with the 20th, ordered below.
  const shownOnly = (userId: typeof weeklyPoints.userId | typeof userStats.userId) => sql`${userId} not in (select value from json_each(${P('hidden')}))`;
  const weeklyTop = db
    .select({ userId: weeklyPoints.userId, points: weeklyPoints.points })
    .from(weeklyPoints)
    .where(
      and(
        eq(weeklyPoints.weekStart, P('since')),
        gt(weeklyPoints.points, 0),
        shownOnly(weeklyPoints.userId),
        sql`${weeklyPoints.points} >= coalesce((select points from ${weeklyPoints} w where w.week_start = ${P('since')} and w.points > 0 and w.user_id not in (select value from json_each(${P('hidden')})) order by w.points desc limit 1 offset ${LEADERBOARD_SIZE - 1}), 1)`,
      ),
    )
    .prepare();
  const weeklyOf = db
    .select({ points: weeklyPoints.points })
    .from(weeklyPoints)
    .where(and(eq(weeklyPoints.userId, P('userId')), eq(weeklyPoints.weekStart, P('since'))))
    .prepare();
  const weeklyAhead = db
    .select({ n: sql<number>`count(*)` })
    .from(weeklyPoints)
    .where(and(eq(weeklyPoints.weekStart, P('since')), gt(weeklyPoints.points, P('points')), shownOnly(weeklyPoints.userId)))
    .prepare();
  const allTimeTop = db
    .select({ userId: userStats.userId, points: userStats.points })
    .from(userStats)
    .where(
      and(
        gt(userStats.points, 0),
        shownOnly(userStats.userId),
        sql`${userStats.points} >= coalesce((select points from ${userStats} s where s.points > 0 and s.user_id not in (select value from json_each(${P('hidden')})) order by s.points desc limit 1 offset ${LEADERBOARD_SIZE - 1}), 1)`,
      ),
    )
    .prepare();
  const allTimeAhead = db
    .select({ n: sql<number>`count(*)` })
    .from(userStats)
    .where(and(gt(userStats.points, P('points')), shownOnly(userStats.userId)))
    .prepare();

  /** A board's rows with their usernames: most points first, then by username as SQLite orders text (bytes). */
  function named(rows: { userId: number; points: number }[]) {
    const names = auth.usernamesOf(rows.map((r) => r.userId));
    return rows
      .flatMap((r) => {
        const username = names.get(r.userId);
        return username === undefined ? [] : [{ username, points: r.points }];
      })
      .sort((a, b) => b.points - a.points || Buffer.compare(Buffer.from(a.username), Buffer.from(b.username)))
      .slice(0, LEADERBOARD_SIZE);
  }
  const hidden = () => JSON.stringify(auth.markedForDeletionIds());

  const lastActivity = db
    .select()
    .from(userActivityLog)
    .where(and(eq(userActivityLog.userId, P('userId')), eq(userActivityLog.sessionId, P('sessionId'))))
    .orderBy(desc(userActivityLog.endTime), desc(userActivityLog.id))
    .limit(1)
    .prepare();
  const usage = db
    .select({ featureId: userActivityLog.featureId, totalTime: sum(userActivityLog.sessionDuration).mapWith(Number) })
    .from(userActivityLog)
    .where(eq(userActivityLog.userId, P('userId')))
    .groupBy(userActivityLog.featureId)
    .orderBy(desc(sum(userActivityLog.sessionDuration)), userActivityLog.featureId)
    .prepare();
  const lastActive = db.select({ at: max(userActivityLog.endTime) }).from(userActivityLog).where(eq(userActivityLog.userId, P('userId'))).prepare();

  /** The learner's time zone for counting days, UTC until their browser has told it, and their own today ('YYYY-MM-DD') in it. */
  const timeZoneOf = (userId: number) => readRow.get({ userId })?.timeZone ?? 'UTC';
  const todayOf = (userId: number) => calendarDay(clock.now(), timeZoneOf(userId));

  const push = createPush(ctx);
  const reminders = createReminders(ctx, {
    auth,
    push,
    todayOf,
    timeZoneOf,
    goalOf: (userId) => goals.view(userId, todayOf(userId)),
    daysOf: (userId, count) => goals.days(userId, todayOf(userId), count),
  });

  /** The two boards' top entries as everyone sees them. */
  function boards(at: Date): Standings {
    const since = weekStart(at).getTime();
    const shown = hidden();
    return {
      allTime: ranked(named(allTimeTop.all({ hidden: shown }))),
      thisWeek: { since: new Date(since).toISOString(), entries: ranked(named(weeklyTop.all({ since, hidden: shown }))) },
    };
  }
  /** The run of study days as it stands today: it ends once a whole day passed without study. */
  function currentRun(row: { lastStudyDate: string | null; consecutiveDays: number; timeZone: string | null }, at: Date) {
    if (!row.lastStudyDate) return 0;
    const today = calendarDay(at, row.timeZone ?? 'UTC');
    return row.lastStudyDate === today || row.lastStudyDate === dayBefore(today) ? row.consecutiveDays : 0;
  }

  return {
    ...reminders,
    ...push,

    /**
     * Records one answer or completed lesson inside the caller's transaction (`tx`: the statements run
     * on its connection): points in the ledger, the learner's totals, the study-day run in their time
     * zone, and any achievement newly earned. The leaderboard is announced after the commit.
     */
    award(input: AwardInput): AwardResult {
      const at = clock.now();
      const { userId } = input;
      const points = Math.max(0, Math.trunc(input.points));
      let before = readRow.get({ userId });
      if (!before) {
        ensureRow.run({ userId });
        before = readRow.get({ userId })!;
      }
      const today = calendarDay(at, before.timeZone ?? 'UTC');
      const days =
        before.lastStudyDate === today ? before.consecutiveDays : before.lastStudyDate === dayBefore(today) ? before.consecutiveDays + 1 : 1;
      const pageStreak = input.streak ?? (input.page ? streak.get(userId, input.page) : null);
      const answered = input.correct === undefined ? 0 : 1;
      const correct = input.correct === true ? 1 : 0;
      const row = writeRow.get({
        userId,
        answered,
        correct,
        incorrect: answered - correct,
        points,
        streak: pageStreak?.bestStreak ?? 0,
        day: today,
        days,
      })!;
      if (answered && isSkill(input.reason)) addSkill.run({ userId, skill: input.reason, correct });
      if (points > 0) {
        addLedger.run({ userId, points, source: input.reason, at });
        addWeekly.run({ userId, week: weekStart(at), points });
      }
      goals.record(userId, today, { cards: answered, correct, seconds: 0, points });

      // Only an award moves the correct count and the run of days, one at a time, so those achievements are
      // offered when the count reaches the mark, not on every answer after (every answer used to pay a write
      // for First Steps). Streaks also move without an award (the streak call), so they are checked as they stand.
      const reached: AchievementName[] = [];
      if (row.totalCorrect === 1) reached.push('First Steps');
      if ((pageStreak?.currentStreak ?? 0) >= 10) reached.push('On Fire');
      if ((pageStreak?.currentStreak ?? 0) >= 50) reached.push('Unstoppable');
      if (input.allBatchesUnlocked) reached.push('Batch Master');
      if (row.consecutiveDays === 7) reached.push('Dedicated');
      if (row.totalCorrect === 100) reached.push('Wordsmith');
      if (input.reason === 'lesson' && points > 0) reached.push('Scholar');
      if (input.numberLettersMastered) reached.push('Number Letters');
      const earned = reached.filter((achievement) => grant.get({ userId, achievement, at }) !== undefined);

      // The boards go out at most a few times a second, carrying the newest standings (docs/decisions/0008).
      if (points > 0) events.publishLatest('leaderboard', () => boards(clock.now()));
      return { points: row.points, earned };
    },

    /** Remembers the learner's IANA time zone (validated by the caller) for counting study days. */
    setTimeZone(userId: number, timeZone: string) {
      setZone.run({ userId, timeZone });
    },

    /** The learner's time zone for counting days, UTC until their browser has told it. */
    timeZoneOf,

    /** Sets the learner's daily goal (docs/product-rules.md#daily-goal-and-day-streak). */
    setGoal(userId: number, goal: Goal) {
      db.transaction(() => goals.setGoal(userId, todayOf(userId), goal), { behavior: 'immediate' });
    },

    /** The daily goal, today's progress toward it and the day streak. */
    goalOf(userId: number) {
      return goals.view(userId, todayOf(userId));
    },

    /** The learner's last `count` days for the progress charts: answers, right answers, learning time, goal met. */
    progressDays(userId: number, count: number) {
      return goals.days(userId, todayOf(userId), count);
    },

    statsOf(userId: number): StatsView {
      const at = clock.now();
      const row = readRow.get({ userId });
      const earned = new Map(earnedOf.all({ userId }).map((a) => [a.achievement, a.earnedAt]));
      const skills = Object.fromEntries(SKILLS.map((skill) => [skill, { answered: 0, correct: 0 }])) as StatsView['skills'];
      for (const row of skillsOf.all({ userId })) skills[row.skill] = { answered: row.answered, correct: row.correct };
      return {
        totalAnswered: row?.totalAnswered ?? 0,
        totalCorrect: row?.totalCorrect ?? 0,
        totalIncorrect: row?.totalIncorrect ?? 0,
        bestStreak: row?.bestStreak ?? 0,
        consecutiveDays: row ? currentRun(row, at) : 0,
        lastStudyDate: row?.lastStudyDate ?? null,
        points: row?.points ?? 0,
        weeklyPoints: weeklyOf.get({ userId, since: weekStart(at).getTime() })?.points ?? 0,
        achievements: ACHIEVEMENTS.map((a) => {
          const when = earned.get(a.name);
          return { name: a.name, description: a.description, earned: when !== undefined, earnedAt: when?.toISOString() ?? null };
        }),
        skills,
      };
    },

    /** The top 20 of all time and of this week, and where the viewer stands on each. */
    leaderboard(viewer: { id: number; username: string }): Leaderboard {
      const at = clock.now();
      const since = weekStart(at).getTime();
      const { allTime, thisWeek } = boards(at);
      const mine = readRow.get({ userId: viewer.id })?.points ?? 0;
      const myWeek = weeklyOf.get({ userId: viewer.id, since })?.points ?? 0;
      const rankOf = (points: number, ahead: () => number) => (points > 0 ? ahead() + 1 : null);
      return {
        allTime: {
          entries: allTime,
          viewer: { rank: rankOf(mine, () => allTimeAhead.get({ points: mine, hidden: hidden() })!.n), username: viewer.username, points: mine },
        },
        thisWeek: {
          ...thisWeek,
          viewer: { rank: rankOf(myWeek, () => weeklyAhead.get({ since, points: myWeek, hidden: hidden() })!.n), username: viewer.username, points: myWeek },
        },
      };
    },

    /**
     * One heartbeat from a visible tab: the time since the session's previous beat (if recent) is
     * credited to the feature being used (null: a page that is not learning, whose time is not counted).
     * Time is measured by the server's clock, never sent by the client.
     */
    recordActivity(userId: number, input: { sessionId: string; featureId: string | null; page: string }) {
      const at = clock.now();
      db.transaction(
        (tx) => {
          const last = lastActivity.get({ userId, sessionId: input.sessionId });
          const lastEnd = last?.endTime ?? last?.startTime;
          const gap = lastEnd ? Math.floor((at.getTime() - lastEnd.getTime()) / 1000) : Infinity;
          const credited = last && gap >= 0 && gap <= ACTIVITY_GAP_SECONDS ? gap : 0;
          // Learning time counts toward a goal in minutes; time on other pages does not.
          if (credited > 0 && input.featureId !== null) goals.record(userId, calendarDay(at, timeZoneOf(userId)), { cards: 0, correct: 0, seconds: credited, points: 0 });
          if (last && gap >= 0 && gap <= ACTIVITY_GAP_SECONDS && last.featureId === input.featureId) {
            tx.update(userActivityLog)
              .set({ endTime: at, sessionDuration: (last.sessionDuration ?? 0) + gap, page: input.page })
              .where(eq(userActivityLog.id, last.id))
              .run();
            return;
          }
          tx.insert(userActivityLog)
            .values({
              userId,
              activityType: 'feature_use',
              page: input.page,
              details: { route: input.page },
              startTime: credited > 0 ? lastEnd! : at,
              endTime: at,
              sessionDuration: credited,
              featureId: input.featureId,
              sessionId: input.sessionId,
            })
            .run();
        },
        { behavior: 'immediate' },
      );
    },

    /** Session analytics (docs/product-rules.md#learning-time): all learning time, the last beat, and time per feature, most used first. */
    sessionAnalytics(userId: number): SessionAnalytics {
      const featureUsage = usage
        .all({ userId })
        .filter((u): u is { featureId: string; totalTime: number } => u.featureId !== null && u.totalTime > 0);
      return {
        totalTimeSpent: featureUsage.reduce((total, u) => total + u.totalTime, 0),
        lastActive: lastActive.get({ userId })?.at?.toISOString() ?? null,
        featureUsage,
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
