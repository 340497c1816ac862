import { useShortcuts } from '../../ui/KeyboardHelp';
import { letterDiff, type TypedVerdict } from '../../../shared/arabizi';
import { GRADES, type GradeName } from '../../../modules/review/rules';

/** Review's grade buttons, Again to Easy, on keys 1 to 4. */
const GRADE_KEYS: Record<string, GradeName> = Object.fromEntries(GRADES.map((grade, i) => [String(i + 1), grade]));

/** The practice-list toggle: pressed when the word is flagged. */
export function FlagToggle({ flagged, onToggle }: { flagged: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className={`flag-toggle${flagged ? ' on' : ''}`}
      aria-pressed={flagged}
      onClick={onToggle}
      title={flagged ? 'Remove from practice' : 'Add to practice'}
    >
      <span aria-hidden="true">{flagged ? '⚑' : '⚐'}</span> {flagged ? 'Flagged' : 'Flag for practice'}
    </button>
  );
}

export function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="4" y="11" width="16" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/**
 * The button or link the mouse (or a finger) last pressed, until the keyboard moves the focus. Chromium
 * gives a clicked button the focus ring as soon as a key is pressed on it, so the ring cannot tell how
 * the focus came.
 */
let pressedControl: Element | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (e) => (pressedControl = e.target instanceof Element ? e.target.closest('button, a') : null), true);
  window.addEventListener('keydown', (e) => e.key === 'Tab' && (pressedControl = null), true);
}

/**
 * The card shortcuts (Space reveals, 1 and 2 answer, Enter goes on after a typed answer), ignored
 * while typing or while a dialog is open.
 * Space on a button or link reached from the keyboard keeps its own meaning; one that only kept the
 * focus after a mouse click (the Flag button, Listen) does not stop Space from revealing.
 */
export function useCardKeys(handlers: { reveal?: () => void; right?: () => void; wrong?: () => void; next?: () => void; grade?: (grade: GradeName) => void }) {
  useShortcuts((e) => {
    if (e.repeat) return;
    if (e.key === ' ' && handlers.reveal) {
      const target = e.target as HTMLElement | null;
      if ((target?.tagName === 'BUTTON' || target?.tagName === 'A') && target !== pressedControl) return;
      e.preventDefault();
      handlers.reveal();
    } else if (e.key === 'Enter' && handlers.next) {
      // Another control in focus (Flag, Listen, Report) keeps its Enter; the card's own Next button
      // is pressed here instead of by the browser, so the answer is not given twice.
      const control = (e.target as HTMLElement | null)?.closest?.('button, a');
      if (control && !control.hasAttribute('data-card-next')) return;
      e.preventDefault();
      handlers.next();
    } else if (handlers.grade && GRADE_KEYS[e.key]) handlers.grade(GRADE_KEYS[e.key]!);
    else if (e.key === '1' && handlers.right) handlers.right();
    else if (e.key === '2' && handlers.wrong) handlers.wrong();
  });
}

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
            <MarkedLetters runs={diff.typed} />
          </dd>
        </div>
        <div>
          <dt>Expected</dt>
          <dd>
            <MarkedLetters runs={diff.expected} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

function MarkedLetters({ runs }: { runs: { text: string; same: boolean }[] }) {
  return (
    <span className="typed-letters">
      {runs.map((run, i) =>
        run.same ? (
          <span key={i}>{run.text}</span>
        ) : (
          <mark key={i} className="letter-diff">
            {run.text}
          </mark>
        ),
      )}
    </span>
  );
}
