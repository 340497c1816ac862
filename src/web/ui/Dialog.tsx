import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A modal dialog: labelled by its title, Escape or a click beside it closes it, and the focus goes
 * back where it was when it closes (unless `returnFocus` is false: a dialog the page opened by itself
 * has no control to go back to). The screen's own shortcuts stand still while a `.dialog-backdrop` is
 * on the page. Put `autoFocus` on the control that should take the focus first.
 */
export function Dialog(props: { title: string; onClose: () => void; children: ReactNode; role?: 'dialog' | 'alertdialog'; className?: string; returnFocus?: boolean }) {
  const titleId = useId();
  const close = useRef(props.onClose);
  close.current = props.onClose;
  // Read while rendering, before an autoFocus inside the dialog moves the focus.
  const [before] = useState(() => (props.returnFocus === false ? null : (document.activeElement as HTMLElement | null)));
  useEffect(() => () => before?.focus?.(), [before]);
  return (
    <div
      className="dialog-backdrop"
      onClick={() => close.current()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        close.current();
      }}
    >
      <div className={`dialog ${props.className ?? ''}`.trim()} role={props.role ?? 'dialog'} aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <h2 id={titleId}>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
