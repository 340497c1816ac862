import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** What the Tab key can reach inside a dialog. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, Escape or a click beside it closes it, and the focus goes
 * back where it was when it closes (unless `returnFocus` is false: a dialog the page opened by itself
 * has no control to go back to). The focus is held inside it while it is open: Tab and Shift+Tab go
 * round its controls, and a focus that gets out (a click on the backdrop) comes back, so Escape always
 * reaches it. The screen's own shortcuts stand still while a `.dialog-backdrop` is on the page. Put
 * `autoFocus` on the control that should take the focus first.
 */
export function Dialog(props: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  returnFocus?: boolean;
}) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(props.onClose);
  close.current = props.onClose;
  // Read while rendering, before an autoFocus inside the dialog moves the focus.
  const [before] = useState(() => (props.returnFocus === false ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => before?.focus?.(), [before]);
  useEffect(() => {
    const dialog = box.current;
    if (!dialog) return;
    if (!dialog.contains(document.activeElement)) dialog.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        e.stopPropagation();
        close.current();
        return;
      }
      if (e.key !== 'Tab' || !dialog) return;
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
      if (controls.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const first = controls[0];
      const last = controls[controls.length - 1];
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !dialog.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !dialog.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    }
    function onFocus(e: FocusEvent) {
      if (e.target instanceof Node && !dialog!.contains(e.target)) dialog!.focus();
    }
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, []);
  return (
    <div className="dialog-backdrop" onClick={() => close.current()}>
      <div
        ref={box}
        tabIndex={-1}
        className={`dialog ${props.className ?? ''}`.trim()}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
