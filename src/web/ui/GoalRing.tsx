import { useGoal, type GoalView } from '../lib/goal';

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Today's progress toward the goal in the goal's unit: answers, or whole minutes of learning. */
export function goalProgress(view: GoalView): { done: number; amount: number; unit: string } | null {
  if (!view.goal) return null;
  const done = view.goal.kind === 'cards' ? view.today.cards : Math.floor(view.today.seconds / 60);
  return { done, amount: view.goal.amount, unit: view.goal.kind === 'cards' ? 'cards' : 'min' };
}

/**
 * The daily goal's ring on every practice screen, with the day streak and the freezes held
 * (docs/product-rules.md#daily-goal-and-day-streak). Nothing for a visitor or before a goal is picked.
 */
export function GoalRing() {
  const { data: view } = useGoal();
  const progress = view && goalProgress(view);
  if (!view || !progress) return null;
  const fraction = Math.min(1, progress.done / progress.amount);
  const label = `Daily goal: ${Math.min(progress.done, progress.amount)} of ${progress.amount} ${progress.unit === 'min' ? 'minutes' : 'cards'} today`;
  return (
    <div className={`goal-ring${view.today.met ? ' met' : ''}`}>
      <svg
        viewBox="0 0 40 40"
        width="40"
        height="40"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.amount}
        aria-valuenow={Math.min(progress.done, progress.amount)}
      >
        <circle className="goal-ring-track" cx="20" cy="20" r={RADIUS} />
        <circle
          className="goal-ring-fill"
          cx="20"
          cy="20"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
      <span className="goal-ring-text">
        <strong className="goal-ring-count">
          {Math.min(progress.done, progress.amount)}/{progress.amount}
        </strong>{' '}
        {progress.unit} today
        <br />
        <DayStreak view={view} />
      </span>
    </div>
  );
}

/** The day streak beside the card streak, never instead of it: days the goal was met, and freezes held. */
export function DayStreak({ view }: { view: GoalView }) {
  return (
    <span
      className="day-streak"
      aria-label={`Day streak ${view.dayStreak}, ${view.freezes} ${view.freezes === 1 ? 'freeze' : 'freezes'} held`}
    >
      Day streak <strong className="day-streak-count">{view.dayStreak}</strong> · {view.freezes} {view.freezes === 1 ? 'freeze' : 'freezes'}
    </span>
  );
}
