/**
 * The toast library is its own chunk (it was a sixth of the entry chunk), fetched when the first toast
 * is made or the browser is idle after the first screen, whichever comes first (the <Toaster> of
 * shell/Frame.tsx). Toasts made before the <Toaster> is drawn are shown when it is.
 */
let library: Promise<typeof import('sonner')> | undefined;
const waiting = new Set<() => void>();
export function loadToasts() {
  if (!library) {
    // A failed fetch is forgotten, so the next toast asks again (a deploy's restart, a moment offline).
    library = import('sonner').catch((error: unknown) => {
      library = undefined;
      throw error;
    });
    for (const wanted of waiting) wanted();
  }
  return library;
}

/** Calls `wanted` once a toast has asked for the library (at once if one has); returns how to stop waiting. */
export function whenToastsWanted(wanted: () => void) {
  if (library) wanted();
  else waiting.add(wanted);
  return () => void waiting.delete(wanted);
}

/** Toast durations (docs/product-rules.md#toasts): 5 s by default; the trial toasts 7 s and 5 s. */
export const TOAST_MS = 5000;
/** The learning screens' toasts stay 1.5 to 3 s: the learner is in the middle of practice. */
export const LEARNING_TOAST_MS = 3000;

/** The id of the toast that tells the end of the trial or subscription: told by a 402 and by the clock, it shows once. */
export const ACCESS_ENDED_TOAST = 'access-ended';

interface ToastOptions {
  /** A toast of the same id replaces the one showing instead of coming after it (one event told from two places). */
  id?: string;
  description?: string;
  duration?: number;
  action?: { label: string; onClick: () => void };
}

/** One place for toasts so every screen shows them the same way (one at a time, see <Toaster>). */
export const toast = {
  success: (title: string, opts: ToastOptions = {}) =>
    void loadToasts().then(({ toast: sonner }) => sonner.success(title, { duration: TOAST_MS, ...opts })),
  info: (title: string, opts: ToastOptions = {}) =>
    void loadToasts().then(({ toast: sonner }) => sonner(title, { duration: TOAST_MS, ...opts })),
  /** The destructive variant: failures and trial expiry. */
  error: (title: string, opts: ToastOptions = {}) =>
    void loadToasts().then(({ toast: sonner }) => sonner.error(title, { duration: TOAST_MS, ...opts })),
};
