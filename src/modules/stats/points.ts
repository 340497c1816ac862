import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { addDays, calendarDay, weekStart } from '../../lib/calendar';
import { keptRows } from '../../lib/kept';
import type { Streak, StreakService } from '../streak/service';
import type { StreakPage } from '../streak/schema';
import type { Goals } from './goal';
import type { Standings } from './leaderboard';
import { ACHIEVEMENTS, type AchievementName, type PointsReason } from './rules';
import { achievements, pointsLedger, skillStats, SKILLS, userStats, weeklyPoints, type Skill } from './schema';

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

const isSkill = (reason: PointsReason): reason is Skill => (SKILLS as readonly string[]).includes(reason);

/**
 * A learner's statistics row: points, totals, the run of study days in their time zone and achievements
 * (docs/product-rules.md#points-and-leaderboard). Other modules call `award` inside their answer
 * transaction, so counts, points and achievements commit together with the answer or not at all.
 */
export function createPoints(
  { db, clock, events }: AppContext,
  deps: { streak: StreakService; goals: Goals; boards: (at: Date) => Standings; weeklyPointsOf: (userId: number, at: Date) => number },
) {
  const { streak, goals, boards } = deps;
  const P = sql.placeholder;

  const ensureRow = db
    .insert(userStats)
    .values({ userId: P('userId') })
    .onConflictDoNothing()
    .prepare();
  const readRow = db
    .select()
    .from(userStats)
    .where(eq(userStats.userId, P('userId')))
    .prepare();
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
  const addLedger = db
    .insert(pointsLedger)
    .values({ userId: P('userId'), points: P('points'), source: P('source'), createdAt: P('at') })
    .prepare();
  const addWeekly = db
    .insert(weeklyPoints)
    .values({ userId: P('userId'), weekStart: P('week'), points: P('points') })
    .onConflictDoUpdate({
      target: [weeklyPoints.userId, weeklyPoints.weekStart],
      set: { points: sql`${weeklyPoints.points} + excluded.points` },
    })
    .prepare();
  const grant = db
    .insert(achievements)
    .values({ userId: P('userId'), achievement: P('achievement'), earnedAt: P('at') })
    .onConflictDoNothing()
    .returning({ achievement: achievements.achievement })
    .prepare();
  const earnedOf = db
    .select({ achievement: achievements.achievement, earnedAt: achievements.earnedAt })
    .from(achievements)
    .where(eq(achievements.userId, P('userId')))
    .prepare();
  const addSkill = db
    .insert(skillStats)
    .values({ userId: P('userId'), skill: P('skill'), answered: 1, correct: P('correct') })
    .onConflictDoUpdate({
      target: [skillStats.userId, skillStats.skill],
      set: { answered: sql`${skillStats.answered} + 1`, correct: sql`${skillStats.correct} + excluded.correct` },
    })
    .prepare();
  // Every answer after the mark offers On Fire or Batch Master again: the earned names are kept, so only a
  // new one is written (keptRows: this module is the table's one writer).
  const earnedNames = keptRows(db.$client, (userId: number) => new Set(earnedOf.all({ userId }).map((a) => a.achievement)));
  const skillsOf = db
    .select({ skill: skillStats.skill, answered: skillStats.answered, correct: skillStats.correct })
    .from(skillStats)
    .where(eq(skillStats.userId, P('userId')))
    .prepare();
  const setZone = db
    .insert(userStats)
    .values({ userId: P('userId'), timeZone: P('timeZone') })
    .onConflictDoUpdate({ target: userStats.userId, set: { timeZone: sql`excluded.time_zone` } })
    .prepare();

  /** The run of study days as it stands today: it ends once a whole day passed without study. */
  function currentRun(row: { lastStudyDate: string | null; consecutiveDays: number; timeZone: string | null }, at: Date) {
    if (!row.lastStudyDate) return 0;
    const today = calendarDay(at, row.timeZone ?? 'UTC');
    return row.lastStudyDate === today || row.lastStudyDate === addDays(today, -1) ? row.consecutiveDays : 0;
  }

  return {
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
        before.lastStudyDate === today
          ? before.consecutiveDays
          : before.lastStudyDate === addDays(today, -1)
            ? before.consecutiveDays + 1
            : 1;
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
      const already = earnedNames.get(userId);
      const earned = reached.filter((achievement) => !already.has(achievement) && grant.get({ userId, achievement, at }) !== undefined);
      if (earned.length > 0) earnedNames.forget(userId);

      // The boards go out at most a few times a second, carrying the newest standings (docs/decisions/0008).
      if (points > 0) events.publishLatest('leaderboard', () => boards(clock.now()));
      return { points: row.points, earned };
    },

    /** Remembers the learner's IANA time zone (validated by the caller) for counting study days. */
    setTimeZone(userId: number, timeZone: string) {
      setZone.run({ userId, timeZone });
    },

    /** The learner's time zone for counting days, UTC until their browser has told it. */
    timeZoneOf: (userId: number) => readRow.get({ userId })?.timeZone ?? 'UTC',

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
        weeklyPoints: deps.weeklyPointsOf(userId, at),
        achievements: ACHIEVEMENTS.map((a) => {
          const when = earned.get(a.name);
          return { name: a.name, description: a.description, earned: when !== undefined, earnedAt: when?.toISOString() ?? null };
        }),
        skills,
      };
    },
  };
}
