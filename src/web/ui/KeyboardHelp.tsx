import { Fragment, useEffect, useState } from 'react';
import { isTypingTarget } from '../lib/keyboard';
import { Dialog } from './Dialog';

/** A key (or keys) of a practice screen and what it does there. */
export interface Shortcut {
  keys: string[];
  action: string;
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
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      if (document.querySelector('.dialog-backdrop')) return;
      e.preventDefault();
      setOpen(true);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
