import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { isTypingTarget } from '../lib/keyboard';
import { Dialog } from './Dialog';

/** A key (or keys) of a practice screen and what it does there. */
export interface Shortcut {
  keys: string[];
  action: string;
}

/**
 * A screen's key handler on the window, skipped while the learner types in a field, holds Ctrl, Alt or
 * Meta, or has a popup open. It is always the handler of the screen as last drawn: one swapped in a
 * later effect would leave a key pressed just after a change (a reveal, a new question) to the old one.
 * It listens from before the screen is painted: React runs a passive effect of a screen drawn as a
 * transition (the first screen is) only after the paint, so a key pressed as the card showed was lost.
 */
export function useShortcuts(onKey: (e: KeyboardEvent) => void) {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useLayoutEffect(() => {
    function listener(e: KeyboardEvent) {
      if (e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
      if (document.querySelector('.dialog-backdrop')) return;
      latest.current(e);
    }
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

const ALWAYS: Shortcut[] = [
  { keys: ['?'], action: 'Show these shortcuts' },
  { keys: ['Esc'], action: 'Close a popup' },
];

/**
 * The practice screens' keyboard help: `?` (or the button) opens an overlay listing the screen's keys;
 * Escape or Close shuts it. Nothing opens while the learner types in a field or another popup is open.
 */
export function KeyboardHelp({ shortcuts }: { shortcuts: Shortcut[] }) {
  const [open, setOpen] = useState(false);
  useShortcuts((e) => {
    if (e.key !== '?') return;
    e.preventDefault();
    setOpen(true);
  });

  return (
    <>
      <button type="button" className="link-button keys-button" onClick={() => setOpen(true)} aria-keyshortcuts="?" aria-haspopup="dialog">
        Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
      </button>
      {open && (
        <Dialog title="Keyboard shortcuts" onClose={() => setOpen(false)} className="keys-dialog">
          <dl className="keys-list">
            {[...shortcuts, ...ALWAYS].map((s) => (
              <Fragment key={s.action}>
                <dt>
                  {s.keys.map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && ' or '}
                      <kbd>{k}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd>{s.action}</dd>
              </Fragment>
            ))}
          </dl>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setOpen(false)} autoFocus>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
