import { startTransition } from 'react';

/**
 * Runs `task` when the browser is next idle (at the latest after 5 s), so work the first screen does not
 * need (the next screen's chunk, the toast library, the service worker's download) waits until it is drawn.
 * As a transition: what it draws (the toasts, the save queue's indicator) is rendered in slices between
 * which the browser answers input, not in one task as an update from outside React would be.
 */
export function whenIdle(task: () => void) {
  const run = () => startTransition(task);
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
}

/**
 * Resolves in a task of its own, after the browser has had the chance to paint and answer input: work
 * after it is not added to the long task before it (blocking time, bench:web).
 */
export function nextTask() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}
