import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { keep, useKeptChoice } from '../lib/kept';

const key = (pageId: string) => `popup-seen:${pageId}`;

/** A one-time explanation per page, remembered in local storage once 'Got it' (or Escape) closes it (docs/product-rules.md#screens). */
export function ExplanationPopup({ pageId, title, children }: { pageId: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useKeptChoice(key(pageId), () => localStorage.getItem(key(pageId)) === null);
  const gotIt = useRef<HTMLButtonElement>(null);
  // Focused once the page has been painted, not with autoFocus: opened with a page's first screen,
  // autoFocus focuses while React commits, which makes the browser lay out the whole new page inside
  // that task (115 ms on /words with the CPU slowed 4×), before it has painted anything.
  useEffect(() => {
    if (open) gotIt.current?.focus();
  }, [open]);
  if (!open) return null;
  const close = () => {
    keep(key(pageId), 'true');
    setOpen(false);
  };
  return (
    <Dialog title={title} onClose={close} returnFocus={false}>
      <div className="dialog-text">{children}</div>
      <button type="button" className="button" onClick={close} ref={gotIt}>
        Got it
      </button>
    </Dialog>
  );
}
