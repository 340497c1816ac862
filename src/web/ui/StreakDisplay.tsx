import type { StreakCounts } from '../../modules/streak/rules';

/** The current and best streak of any practice screen, announced politely when they change. */
export function StreakDisplay({ streak }: { streak: StreakCounts }) {
  return (
    <div className="streak" role="status" aria-label={`Streak ${streak.currentStreak}, best ${streak.bestStreak}`}>
      <span className="streak-item">
        Streak: <strong className="streak-current">{streak.currentStreak}</strong>
      </span>
      <span className="streak-item">
        Best: <strong className="streak-best">{streak.bestStreak}</strong>
      </span>
    </div>
  );
}
