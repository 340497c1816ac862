import { useGoal } from '../../lib/goal';
import { GoalPicker } from '../../ui/GoalPicker';
import { keep, useKeptChoice } from '../../lib/kept';
import './vocabulary.css';

const DISMISSED_KEY = 'goal-prompt-dismissed';

/**
 * First use: a learner without a daily goal is asked for one under the card (below it, so the card does
 * not move when the answer comes). "Not now" asks again in the next session; the settings keep it.
 */
export function GoalPrompt() {
  const goal = useGoal();
  const [dismissed, setDismissed] = useKeptChoice(DISMISSED_KEY, () => sessionStorage.getItem(DISMISSED_KEY) === '1');
  if (!goal.data || goal.data.goal || dismissed) return null;
  return (
    <section className="card goal-prompt stack" aria-labelledby="goal-prompt-title">
      <h2 id="goal-prompt-title">Pick a daily goal</h2>
      <p className="muted">Meet it each day to build a day streak. Points you earn buy streak freezes that keep it on a day you miss.</p>
      <GoalPicker current={null} />
      <div>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            keep(DISMISSED_KEY, '1', 'session');
            setDismissed(true);
          }}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
