import { letterDiff, type TypedVerdict } from '../../shared/arabizi';

const VERDICTS: Record<TypedVerdict, string> = { right: 'Right!', almost: 'Almost! One letter is off.', wrong: 'Not quite.' };

/**
 * A typed answer beside the expected form, with the letters that differ marked (docs/decisions/0009),
 * and what it counts as.
 */
export function TypedResult({ typed, expected, verdict }: { typed: string; expected: string; verdict: TypedVerdict }) {
  const diff = letterDiff(typed.trim(), expected);
  const spelling = verdict === 'right' && diff.distance > 0 ? ' Your spelling is another common way to write it.' : '';
  return (
    <div className={`typed-result ${verdict}`}>
      <p className="typed-verdict" role="status">
        {VERDICTS[verdict]}
        {spelling}
      </p>
      <dl className="typed-compare">
        <div>
          <dt>You typed</dt>
          <dd>
            <MarkedLetters runs={diff.typed} variant={verdict === 'right'} />
          </dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd>
            <MarkedLetters runs={diff.expected} variant={verdict === 'right'} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The letters of a spelling, those that differ marked: as a mistake, or (`variant`, an answer judged
 * right) as the other spelling's own letters, in a style of their own that does not look like a mistake.
 */
function MarkedLetters({ runs, variant }: { runs: { text: string; same: boolean }[]; variant: boolean }) {
  return (
    <span className="typed-letters">
      {runs.map((run, i) =>
        run.same ? (
          <span key={i}>{run.text}</span>
        ) : variant ? (
          <span key={i} className="letter-variant">
            {run.text}
          </span>
        ) : (
          <mark key={i} className="letter-diff">
            {run.text}
          </mark>
        ),
      )}
    </span>
  );
}
