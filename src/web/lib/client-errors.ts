/**
 * Uncaught errors are logged and reported to the server; unhandled promise rejections are logged and
 * suppressed (docs/product-rules.md#validation-and-errors). A failing report is ignored.
 */
export function reportClientError(error: unknown) {
  const err = error instanceof Error ? error : new Error(String(error));
  fetch('/api/log/client-error', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ error: err.message.slice(0, 1000), stack: (err.stack ?? '').slice(0, 8000), timestamp: new Date().toISOString() }),
  }).catch(() => {});
}

export function installGlobalErrorHandlers() {
  window.addEventListener('error', (event) => {
    console.error(event.error ?? event.message);
    reportClientError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    console.error(event.reason);
    event.preventDefault();
  });
}
