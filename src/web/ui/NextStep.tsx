import { Link } from '@tanstack/react-router';
import { usePlan, type TodaysPlan } from '../lib/course';

/**
 * The end of a practice (a round of words, a review, a lesson, a role-play, a grammar page): the plan's
 * next thing and Continue to start it, and the way back to the plan (docs/decisions/0076-the-course.md).
 * `before` is what finishing this screen saves first (a grammar page read), answering the plan after it.
 * Nothing for a visitor.
 */
export function NextStep({ before, card = false }: { before?: () => Promise<TodaysPlan>; card?: boolean }) {
  const { plan, next, start } = usePlan();
  if (!plan.data) return null;
  return (
    // `card`: a card of its own, for a screen that shows it on the page's background rather than in a card.
    <div className={card ? 'card next-step' : 'next-step'} role="group" aria-label="Up next">
      <p className="next-step-label">
        <span className="muted">Up next:</span> {next ? next.label : 'nothing left today'}
      </p>
      <div className="row">
        <button type="button" className="button continue-button" onClick={() => void start(before)}>
          Continue
        </button>
        <Link to="/words" className="button button-secondary">
          Today's plan
        </Link>
      </div>
    </div>
  );
}
