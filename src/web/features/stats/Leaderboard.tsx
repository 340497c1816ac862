import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LeaderboardBoard } from './standings';
import { formatCount } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { Spinner } from '../../ui/Spinner';
import { TILE_FAILURE } from './failure';
import { Tabs } from '../../ui/Tabs';
import { leaderboardQuery } from './queries';
import './stats.css';

type Period = 'allTime' | 'thisWeek';
const PERIODS = [
  { value: 'allTime', label: 'All Time' },
  { value: 'thisWeek', label: 'This Week' },
] as const;

/**
 * The leaderboard (docs/product-rules.md#points-and-leaderboard): top 20 of all time and of this week, the viewer's own place
 * highlighted. It is cached under the key the live event stream refreshes whenever anyone earns points.
 */
export function LeaderboardCard() {
  const [period, setPeriod] = useState<Period>('allTime');
  const query = useQuery(leaderboardQuery);

  return (
    <section className="card stats-leaderboard" aria-labelledby="stats-leaderboard">
      <h2 id="stats-leaderboard">Leaderboard</h2>
      <Tabs id="leaderboard" label="Leaderboard period" tabs={PERIODS} selected={period} onSelect={setPeriod}>
        <QueryBoundary query={query} loading={<Spinner label="Loading leaderboard..." />} failure={TILE_FAILURE}>
          {(boards) => <Board board={boards[period]} period={period} />}
        </QueryBoundary>
      </Tabs>
    </section>
  );
}

function Board({ board, period }: { board: LeaderboardBoard; period: Period }) {
  const { entries, viewer } = board;
  const viewerListed = entries.some((e) => e.username === viewer.username);
  if (entries.length === 0) {
    return (
      <p className="muted leaderboard-empty">
        {period === 'thisWeek'
          ? 'No points yet this week. Answer a question to take the lead!'
          : 'No points yet. Answer a question to take the lead!'}
      </p>
    );
  }
  return (
    <>
      <table className="leaderboard-table">
        <caption className="visually-hidden">{period === 'thisWeek' ? 'Top learners this week' : 'Top learners of all time'}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Username</th>
            <th scope="col" className="num">
              Points
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <Row key={e.username} rank={e.rank} username={e.username} points={e.points} mine={e.username === viewer.username} />
          ))}
          {!viewerListed && viewer.rank !== null && (
            <>
              <tr className="leaderboard-gap" aria-hidden="true">
                <td colSpan={3}>⋯</td>
              </tr>
              <Row rank={viewer.rank} username={viewer.username} points={viewer.points} mine />
            </>
          )}
        </tbody>
      </table>
      <p className="leaderboard-you" data-testid={`leaderboard-you-${period}`}>
        {viewer.rank === null
          ? period === 'thisWeek'
            ? 'You have no points this week yet.'
            : 'You have no points yet.'
          : `Your rank: #${viewer.rank} with ${formatCount(viewer.points)} points`}
      </p>
    </>
  );
}

function Row({ rank, username, points, mine }: { rank: number; username: string; points: number; mine: boolean }) {
  return (
    <tr className={mine ? 'is-viewer' : undefined} aria-current={mine ? 'true' : undefined}>
      <td>
        <span className={rank <= 3 ? `rank rank-${rank}` : 'rank'}>{rank}</span>
      </td>
      <td>
        {username}
        {mine && <span className="you-badge">You</span>}
      </td>
      <td className="num">{formatCount(points)}</td>
    </tr>
  );
}
