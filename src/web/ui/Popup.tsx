import { useState, type ReactNode } from 'react';

const key = (pageId: string) => `popup-seen:${pageId}`;

/** A one-time explanation per page, remembered in local storage once 'Got it' is pressed (L §2). */
export function ExplanationPopup({ pageId, title, children }: { pageId: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(() => localStorage.getItem(key(pageId)) === null);
  if (!open) return null;
  const close = () => {
    localStorage.setItem(key(pageId), 'true');
    setOpen(false);
  };
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={`popup-${pageId}`}>
        <h2 id={`popup-${pageId}`}>{title}</h2>
        <div className="dialog-text">{children}</div>
        <button type="button" className="button" onClick={close} autoFocus>
          Got it
        </button>
      </div>
    </div>
  );
}
