/**
 * Runs `task` when the browser is next idle (at the latest after 5 s), so work the first screen does not
 * need (the next screen's chunk, the toast library, the service worker's download) waits until it is drawn.
 */
export function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 2000);
  return () => clearTimeout(timer);
}
