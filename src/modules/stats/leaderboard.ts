import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { weekStart } from '../../lib/calendar';
import type { AuthService } from '../auth/service';
import { userStats, weeklyPoints } from './schema';

const LEADERBOARD_SIZE = 20;

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

/** Competition ranks over a list sorted by points: equal points share a rank (1, 1, 3). */
function ranked(rows: { username: string; points: number }[]): LeaderboardEntry[] {
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || row.points !== rows[i - 1]!.points) rank = i + 1;
    return { rank, username: row.username, points: row.points };
  });
}

/** The all-time and weekly boards (docs/product-rules.md#points-and-leaderboard), read from the points the award keeps. */
export function createLeaderboard({ db, clock }: AppContext, deps: { auth: AuthService }) {
  const { auth } = deps;
  const P = sql.placeholder;
  // The boards leave out accounts marked for deletion, which auth names (a JSON list of ids); the board's
  // usernames come from auth too. A board holds the top 20 and every row tied with the 20th, ordered below.
  const shownOnly = (userId: typeof weeklyPoints.userId | typeof userStats.userId) =>
    sql`${userId} not in (select value from json_each(${P('hidden')}))`;
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
  const pointsOf = db
    .select({ points: userStats.points })
    .from(userStats)
    .where(eq(userStats.userId, P('userId')))
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

  /** The two boards' top entries as everyone sees them. */
  function boards(at: Date): Standings {
    const since = weekStart(at).getTime();
    const shown = hidden();
    return {
      allTime: ranked(named(allTimeTop.all({ hidden: shown }))),
      thisWeek: { since: new Date(since).toISOString(), entries: ranked(named(weeklyTop.all({ since, hidden: shown }))) },
    };
  }

  return {
    boards,

    /** This week's points of the learner. */
    weeklyPointsOf(userId: number, at: Date): number {
      return weeklyOf.get({ userId, since: weekStart(at).getTime() })?.points ?? 0;
    },

    /** The top 20 of all time and of this week, and where the viewer stands on each. */
    leaderboard(viewer: { id: number; username: string }): Leaderboard {
      const at = clock.now();
      const since = weekStart(at).getTime();
      const { allTime, thisWeek } = boards(at);
      const mine = pointsOf.get({ userId: viewer.id })?.points ?? 0;
      const myWeek = weeklyOf.get({ userId: viewer.id, since })?.points ?? 0;
      const rankOf = (points: number, ahead: () => number) => (points > 0 ? ahead() + 1 : null);
      return {
        allTime: {
          entries: allTime,
          viewer: {
            rank: rankOf(mine, () => allTimeAhead.get({ points: mine, hidden: hidden() })!.n),
            username: viewer.username,
            points: mine,
          },
        },
        thisWeek: {
          ...thisWeek,
          viewer: {
            rank: rankOf(myWeek, () => weeklyAhead.get({ since, points: myWeek, hidden: hidden() })!.n),
            username: viewer.username,
            points: myWeek,
          },
        },
      };
    },
  };
}
