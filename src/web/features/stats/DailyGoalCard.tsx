import { Link } from '@tanstack/react-router';
import { formatDayWithWeekday } from '../../lib/format';
import { useGoal } from '../../lib/goal';
import { DayStreak, goalProgress } from '../../ui/GoalRing';
import { ProgressBar } from '../../ui/ProgressBar';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { TILE_FAILURE } from './failure';
import './stats.css';

/** The daily goal and the day streak, a tile beside the card streak's figures (docs/product-rules.md#daily-goal-and-day-streak). */
export function DailyGoalCard() {
  const goal = useGoal();
  return (
    <section className="card stats-tile" aria-labelledby="stats-goal">
      <h2 id="stats-goal">Daily Goal</h2>
      <QueryBoundary query={goal} failure={TILE_FAILURE}>
        {(view) => {
          const progress = goalProgress(view);
          return (
            <>
              <p className="stats-figure">
                {view.dayStreak} <span>{view.dayStreak === 1 ? 'day' : 'days'} in a row</span>
              </p>
              {progress ? (
                <ProgressBar
                  value={Math.min(progress.done, progress.amount)}
                  max={progress.amount}
                  label={`Today: ${progress.done} of ${progress.amount} ${progress.unit}`}
                />
              ) : null}
              <p className="muted stats-note">
                {progress ? (
                  <>
                    Today {Math.min(progress.done, progress.amount)}/{progress.amount} {progress.unit}. <DayStreak view={view} />, best{' '}
                    {view.bestDayStreak}.
                  </>
                ) : (
                  <>
                    No goal yet:{' '}
                    <Link to="/settings" search={{ tab: 'learning' }}>
                      pick one
                    </Link>
                    .
                  </>
                )}
              </p>
              {view.frozenDays.length > 0 && (
                <p className="muted stats-note goal-frozen">
                  A freeze kept your streak on {view.frozenDays.map(formatDayWithWeekday).join(', ')}.
                </p>
              )}
            </>
          );
        }}
      </QueryBoundary>
    </section>
  );
}
