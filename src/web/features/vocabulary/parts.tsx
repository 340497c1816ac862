import { useEffect } from 'react';
import { isTypingTarget } from '../../lib/keyboard';

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
 * The card shortcuts (Space reveals, 1 and 2 answer), ignored while typing or while a dialog is open.
 * Space on a button or link reached from the keyboard keeps its own meaning; one that only kept the
 * focus after a mouse click (no focus ring) does not stop Space from revealing.
 */
export function useCardKeys(handlers: { reveal?: () => void; right?: () => void; wrong?: () => void }) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.repeat || e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
      if (document.querySelector('.dialog-backdrop')) return;
      if (e.key === ' ' && handlers.reveal) {
        const target = e.target as HTMLElement | null;
        if ((target?.tagName === 'BUTTON' || target?.tagName === 'A') && target.matches(':focus-visible')) return;
        e.preventDefault();
        handlers.reveal();
      } else if (e.key === '1' && handlers.right) handlers.right();
      else if (e.key === '2' && handlers.wrong) handlers.wrong();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
