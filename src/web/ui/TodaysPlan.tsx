import { Link } from '@tanstack/react-router';
import { usePlan, type TodaysPlan as Plan } from '../lib/course';
import { GoalRing } from './GoalRing';

/**
 * Today's plan at the top of All Words (docs/decisions/0076-the-course.md): reviews due, the new words
 * left within the day's limit, the current unit's next step and the goal ring, and one Continue that
 * starts the next of them. Until the plan is read, an invisible copy keeps its place so nothing below moves.
 */
export function TodaysPlan() {
  const { plan, next, start } = usePlan();
  if (plan.error) return null;
  const view = plan.data;
  return (
    <section
      className={`card todays-plan${view ? '' : ' keeps-place'}`}
      aria-labelledby="todays-plan-title"
      aria-hidden={view ? undefined : true}
    >
      <div className="todays-plan-main">
        <h2 id="todays-plan-title">Today's plan</h2>
        <PlanItems plan={view ?? PLACEHOLDER} />
      </div>
      <div className="todays-plan-side">
        <GoalRing />
        <button
          type="button"
          className="button continue-button"
          onClick={() => void start()}
          disabled={!view}
          tabIndex={view ? undefined : -1}
        >
          Continue
        </button>
        <span className="muted todays-plan-next">{view ? (next ? next.label : 'All done for today') : ' '}</span>
      </div>
    </section>
  );
}

const PLACEHOLDER: Plan = {
  reviewsDue: 0,
  newWordsLeft: 0,
  newWordsPerDay: 0,
  unit: { key: '', title: ' ', number: 1, locked: false, stepsDone: 0, steps: 1 },
  next: null,
  courseDone: false,
};

function PlanItems({ plan }: { plan: Plan }) {
  return (
    <ul className="todays-plan-items">
      <li>
        <strong className="plan-reviews">{plan.reviewsDue}</strong> {plan.reviewsDue === 1 ? 'review' : 'reviews'} due
      </li>
      <li>
        <strong className="plan-new-words">{plan.newWordsLeft}</strong> of {plan.newWordsPerDay} new words left today
      </li>
      <li className="plan-unit">
        {plan.courseDone ? (
          'Course complete: every unit done'
        ) : plan.unit ? (
          <>
            <Link to="/course">
              Unit {plan.unit.number}: {plan.unit.title}
            </Link>{' '}
            · {plan.unit.stepsDone} of {plan.unit.steps} {plan.unit.steps === 1 ? 'step' : 'steps'} done
          </>
        ) : (
          <Link to="/course">The course</Link>
        )}
      </li>
    </ul>
  );
}
