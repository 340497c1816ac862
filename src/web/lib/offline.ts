import type { Query, QueryClient } from '@tanstack/react-query';
import { USER_KEY } from './session';
import { server } from './api';
import { whenIdle } from './idle';

/** What the page tells the service worker (src/web/sw.ts). */
export type OfflineMessage =
  | { type: 'learner'; id: number | null }
  | { type: 'data'; path: string; data: unknown }
  | { type: 'clip'; path: string };

/**
 * Installs the service worker once the page has loaded and the browser is idle, and hands it every API read of the signed-in
 * learner as the page now holds it (answers and flags included), so a visit without a network finds
 * the same deck, topics and flagged words. Signing out, or another learner signing in, empties that copy.
 */
export function startOffline(queryClient: QueryClient) {
  if (!('serviceWorker' in navigator)) return;
  // It downloads the whole build: on a phone's connection that waits until the first screen is drawn.
  // A drawn page starts the app only after it has loaded (src/lib/static.ts), its 'load' already past.
  const register = () => whenIdle(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });

  // The worker that serves the next visit (the page that installed it is not controlled by it).
  let registration: ServiceWorkerRegistration | undefined;
  const send = (query: Query) => {
    const worker = registration?.active;
    const { queryKey, state } = query;
    if (!worker || state.status !== 'success') return;
    const path = queryKey[0];
    if (path === USER_KEY[0]) {
      worker.postMessage({ type: 'learner', id: (state.data as { id?: number } | null)?.id ?? null } satisfies OfflineMessage);
    }
    // Keys with more than the path (the landing page's visitor deck) are not the learner's data.
    const signedIn = !!queryClient.getQueryData(USER_KEY);
    if (signedIn && queryKey.length === 1 && typeof path === 'string' && path.startsWith(`${server.api['~path']}/`)) {
      worker.postMessage({ type: 'data', path, data: state.data } satisfies OfflineMessage);
    }
  };

  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') send(event.query);
  });
  // Once the worker is running (installed during this visit, or before) it gets what the page already read, the learner first.
  void navigator.serviceWorker.ready.then((ready) => {
    registration = ready;
    const isUser = (query: Query) => Number(query.queryKey[0] === USER_KEY[0]);
    for (const query of queryClient
      .getQueryCache()
      .getAll()
      .sort((a, b) => isUser(b) - isUser(a)))
      send(query);
  });
}

/**
 * Asks the service worker to keep a clip the page has played (src/web/sw.ts), whether or not it serves
 * this page yet: the page that installed it is not its own.
 */
export function keepClipOffline(path: string) {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((ready) => ready.active?.postMessage({ type: 'clip', path } satisfies OfflineMessage));
}
