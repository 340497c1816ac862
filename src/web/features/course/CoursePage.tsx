import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { stepTarget } from '../../lib/course';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SpinnerCard } from '../../ui/Spinner';
import { NextStep } from '../../ui/NextStep';
import { Placement } from './Placement';
import { courseQuery, type UnitView } from './queries';
import './course.css';

/**
 * /course: the path through the units (content/course.yaml), each with its steps and what is done, the
 * current one open; a premium unit is locked as a premium topic is; and the placement check.
 */
export function CoursePage() {
  const course = useQuery(courseQuery);
  const [placing, setPlacing] = useState(false);
  return (
    <section className="stack course-page" aria-labelledby="course-title">
      <div className="learn-title">
        <h1 id="course-title">Your course</h1>
        <p>Units in order: each unit's lessons, words, grammar, dialogues and conversations build on the ones before.</p>
      </div>
      <QueryBoundary
        query={course}
        loading={<SpinnerCard label="Loading the course..." />}
        failure={{ message: 'Unable to load the course. Please try again later.', queryKey: courseQuery.queryKey }}
      >
        {({ units }) => (
          <>
            {placing ? (
              <Placement units={units} onClose={() => setPlacing(false)} />
            ) : (
              <div className="card placement-offer">
                <p>
                  <strong>
                    {units.filter((u) => u.done).length} of {units.length} units done.
                  </strong>{' '}
                  Already speak some Lebanese? A short check per unit lets you start further on.
                </p>
                <button type="button" className="button button-secondary" onClick={() => setPlacing(true)}>
                  Take the placement check
                </button>
              </div>
            )}
            <ol className="course-units">
              {units.map((unit) => (
                <li key={unit.key}>
                  <Unit unit={unit} />
                </li>
              ))}
            </ol>
            <NextStep card />
          </>
        )}
      </QueryBoundary>
    </section>
  );
}

function Unit({ unit }: { unit: UnitView }) {
  const done = unit.steps.filter((s) => s.done).length;
  const state = unit.done
    ? 'Done'
    : unit.current
      ? 'Current unit'
      : `${done} of ${unit.steps.length} ${unit.steps.length === 1 ? 'step' : 'steps'}`;
  return (
    <details
      className={`card course-unit${unit.current ? ' current' : ''}${unit.done ? ' done' : ''}${unit.locked ? ' locked' : ''}`}
      open={unit.current}
    >
      <summary>
        <span className="course-unit-number" aria-hidden="true">
          {unit.done ? '✓' : unit.number}
        </span>
        <span className="course-unit-title">
          <strong>
            Unit {unit.number}: {unit.title}
          </strong>
          <span className="muted">
            {state}
            {unit.premium && <span className="vocab-badge premium">Premium</span>}
          </span>
        </span>
      </summary>
      {unit.locked && (
        <p className="course-unit-locked">
          Subscribe to unlock this unit.{' '}
          <Link to="/subscription" className="button button-secondary">
            Get Premium Access
          </Link>
        </p>
      )}
      <ol className="course-steps">
        {unit.steps.map((step) => (
          <li key={`${step.kind}:${step.key}`} className={step.done ? 'done' : undefined}>
            <span className="course-step-mark" aria-label={step.done ? 'done' : 'to do'}>
              {step.done ? '✓' : '○'}
            </span>
            {step.locked ? <span>{step.label}</span> : <Link {...stepTarget(step)}>{step.label}</Link>}
            {step.progress && !step.done && (
              <span className="muted course-step-progress">
                {step.progress.done} of {step.progress.of} words right
              </span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
