import { goalQuery, useGoal } from '../../lib/goal';
import { GoalPicker } from '../../ui/GoalPicker';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { LOAD_FAILURES } from '../../lib/messages';

/** Settings' Learning tab: the daily goal (docs/product-rules.md#daily-goal-and-day-streak). */
export function LearningTab() {
  const goal = useGoal();
  return (
    <section className="stack" aria-labelledby="settings-goal">
      <h2 id="settings-goal">Daily goal</h2>
      <p className="muted">Minutes of practice or cards answered each day, counted in your own time zone. Meeting it grows your day streak.</p>
      <QueryBoundary query={goal} failure={{ message: LOAD_FAILURES.goal, queryKey: goalQuery.queryKey }}>
        {(view) => <GoalPicker current={view.goal} />}
      </QueryBoundary>
    </section>
  );
}
