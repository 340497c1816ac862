import type { ReactNode } from 'react';

/** A modal question with a destructive confirm button, e.g. before deleting an account. */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="dialog-backdrop" onClick={props.onCancel}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" onClick={(e) => e.stopPropagation()}>
        <h2 id="confirm-title">{props.title}</h2>
        <div className="dialog-text">{props.children}</div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={props.onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={props.onConfirm} disabled={props.pending}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
