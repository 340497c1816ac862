import { useShortcuts } from '../../ui/KeyboardHelp';
import { LineIcon } from '../../ui/LineIcon';
import { GRADES, type GradeName } from '../../../modules/review/rules';
import './vocabulary.css';

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
    <LineIcon>
      <rect x="4" y="11" width="16" height="10" rx="2" fill="currentColor" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </LineIcon>
  );
}

/**
 * The button or link the mouse (or a finger) last pressed, until the keyboard moves the focus. Chromium
 * gives a clicked button the focus ring as soon as a key is pressed on it, so the ring cannot tell how
 * the focus came.
 */
let pressedControl: Element | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerdown',
    (e) => (pressedControl = e.target instanceof Element ? e.target.closest('button, a') : null),
    true,
  );
  window.addEventListener('keydown', (e) => e.key === 'Tab' && (pressedControl = null), true);
}

/**
 * The card shortcuts (Space reveals, 1 and 2 answer, Enter goes on after a typed answer), ignored
 * while typing or while a dialog is open.
 * Space on a button or link reached from the keyboard keeps its own meaning; one that only kept the
 * focus after a mouse click (the Flag button, Listen) does not stop Space from revealing.
 */
export function useCardKeys(handlers: {
  reveal?: () => void;
  right?: () => void;
  wrong?: () => void;
  next?: () => void;
  grade?: (grade: GradeName) => void;
}) {
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
