import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

const key = (pageId: string) => `popup-seen:${pageId}`;

/** A one-time explanation per page, remembered in local storage once 'Got it' (or Escape) closes it (docs/product-rules.md#screens). */
export function ExplanationPopup({ pageId, title, children }: { pageId: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => localStorage.getItem(key(pageId)) === null);
  if (!open) return null;
  const close = () => {
    localStorage.setItem(key(pageId), 'true');
    setOpen(false);
  };
  return (
    <Dialog title={title} onClose={close} returnFocus={false}>
      <div className="dialog-text">{children}</div>
      <button type="button" className="button" onClick={close} autoFocus>
        Got it
      </button>
    </Dialog>
  );
}
