import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ArabiziInput } from '../../ui/ArabiziInput';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { placementQuery, usePlace, type PlacementResult, type UnitView } from './queries';

/**
 * The placement check (docs/decisions/0076-the-course.md): a short quiz for a unit, the English of its
 * first words to answer in Lebanese, judged by the server as every typed answer is; a pass places the
 * learner after the unit and offers the next unit's check, a miss ends it there.
 */
export function Placement({ units, onClose }: { units: UnitView[]; onClose: () => void }) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      units.findIndex((u) => u.current),
    ),
  );
  const [result, setResult] = useState<PlacementResult | null>(null);
  const unit = units[index];
  if (!unit) return null;
  const nextUnit = units[index + 1];
  return (
    <section className="card placement" aria-labelledby="placement-title">
      <h2 id="placement-title">
        Placement check · Unit {unit.number}: {unit.title}
      </h2>
      {result ? (
        <div role="status">
          <p>
            <strong>
              {result.right} of {result.total}
            </strong>{' '}
            right.{' '}
            {result.passed ? `You know unit ${unit.number}: the course starts you after it.` : `Unit ${unit.number} is where you start.`}
          </p>
          <ul className="placement-answers">
            {result.answers.map((a) => (
              <li key={a.wordId} className={a.right ? 'right' : 'wrong'}>
                {a.right ? '✓' : '✗'} {a.english}: <strong>{a.lebanese}</strong>
              </li>
            ))}
          </ul>
          <div className="row">
            {result.passed && nextUnit && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setResult(null);
                  setIndex(index + 1);
                }}
              >
                Check unit {nextUnit.number}
              </button>
            )}
            <button type="button" className={result.passed && nextUnit ? 'button button-secondary' : 'button'} onClick={onClose}>
              Start here
            </button>
          </div>
        </div>
      ) : (
        <Quiz key={unit.key} unitKey={unit.key} onResult={setResult} onClose={onClose} />
      )}
    </section>
  );
}

function Quiz({ unitKey, onResult, onClose }: { unitKey: string; onResult: (result: PlacementResult) => void; onClose: () => void }) {
  const quiz = useQuery(placementQuery(unitKey));
  const place = usePlace();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const questions = quiz.data?.questions ?? [];
    place.mutate(
      { unit: unitKey, answers: questions.map((q) => ({ wordId: q.wordId, answer: answers[q.wordId] ?? '' })) },
      { onSuccess: onResult },
    );
  };
  return (
    <QueryBoundary
      query={quiz}
      loading={<p className="muted">Loading the check...</p>}
      failure={{ message: 'Unable to load the placement check. Please try again later.', queryKey: placementQuery(unitKey).queryKey }}
    >
      {({ questions, pass }) => (
        <form onSubmit={submit} className="stack">
          <p className="muted">
            Write each in Lebanese (arabizi). {pass} of {questions.length} right passes the unit.
          </p>
          {questions.map((q, i) => (
            <label key={q.wordId} className="field">
              <span>
                {i + 1}. {q.english}
              </span>
              <ArabiziInput value={answers[q.wordId] ?? ''} onChange={(e) => setAnswers({ ...answers, [q.wordId]: e.target.value })} />
            </label>
          ))}
          <div className="row">
            <button type="submit" className="button" disabled={place.isPending} aria-busy={place.isPending}>
              Check my answers
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </QueryBoundary>
  );
}
