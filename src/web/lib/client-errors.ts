import { server } from './api';

/**
 * Uncaught errors are logged and reported to the server; unhandled promise rejections are logged and
 * suppressed (docs/product-rules.md#validation-and-errors). A failing report is ignored.
 */
export function reportClientError(error: unknown) {
  const err = error instanceof Error ? error : new Error(String(error));
  const report = { error: err.message.slice(0, 1000), stack: (err.stack ?? '').slice(0, 8000), timestamp: new Date().toISOString() };
  // One try, and a 401 is not a reason to leave the page.
  server.api.log['client-error'].post(report, { retries: 0, nullOn401: true }).catch(() => {});
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
