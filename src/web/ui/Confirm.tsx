import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

/** A modal question with a destructive confirm button, e.g. before deleting an account; Escape cancels. */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={props.title} onClose={props.onCancel} role="alertdialog">
      <div className="dialog-text">{props.children}</div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={props.onConfirm} disabled={props.pending}>
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
