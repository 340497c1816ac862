import type { Channels } from '../../../shared/channels';
import type { Reply, server } from '../../lib/api';

export type Leaderboard = Reply<typeof server.api.stats.leaderboard.get>;
export type LeaderboardBoard = Leaderboard['allTime'];
type LeaderboardEntry = LeaderboardBoard['entries'][number];
type Standings = Channels['leaderboard'];

/**
 * The leaderboard after a live standings event: the new top entries, and the viewer's own place taken
 * from them when the viewer is among them. `stale` says the viewer is not, so their rank (others may
 * have passed them) must be read again.
 */
export function applyStandings(board: Leaderboard, standings: Standings): { board: Leaderboard; stale: boolean } {
  let stale = false;
  const update = (previous: LeaderboardBoard, entries: LeaderboardEntry[]): LeaderboardBoard => {
    const mine = entries.find((e) => e.username === previous.viewer.username);
    if (!mine) stale = true;
    return { entries, viewer: mine ? { ...previous.viewer, rank: mine.rank, points: mine.points } : previous.viewer };
  };
  return {
    board: {
      allTime: update(board.allTime, standings.allTime),
      thisWeek: { ...update(board.thisWeek, standings.thisWeek.entries), since: standings.thisWeek.since },
    },
    stale,
  };
}
