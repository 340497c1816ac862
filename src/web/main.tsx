import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './App';
import { TRIAL_EXPIRED } from '../shared/errors';
import { setApiHooks } from './lib/api';
import { installGlobalErrorHandlers } from './lib/client-errors';
import { nextTask, whenIdle } from './lib/idle';
import { startOffline } from './lib/offline';
import { createQueryClient } from './lib/query';
import { createAppRouter } from './router';
import { USER_KEY } from './lib/session';
import { takeDecisions } from './lib/drawn';
import { mirrorKept } from './lib/kept';
import { DRAWN_STATE } from '../shared/drawn';
import { ACCESS_ENDED_TOAST, toast } from './ui/toast';

installGlobalErrorHandlers();

const queryClient = createQueryClient();
// A learner's screen drawn on the server (src/lib/screens.ts) brings the reads it was drawn from and
// what it decided: hydrated from them, the first render is the server's and nothing is read again.
const drawn = document.getElementById(DRAWN_STATE);
if (drawn?.textContent) {
  const { cache, decisions } = JSON.parse(drawn.textContent);
  hydrate(queryClient, cache);
  takeDecisions(decisions);
}
mirrorKept();
const router = createAppRouter(queryClient);

// A page the browser opened without a session cookie is marked so by the server (src/lib/static.ts):
// the visitor is signed out, and asking /api/user would only put a 401 in the console.
const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
if (navigation?.serverTiming?.some((entry) => entry.name === 'signed-out')) queryClient.setQueryData(USER_KEY, null);
startOffline(queryClient);

/** A paywall redirect in flight, so a burst of 402s shows one toast and one redirect. */
let goingToPaywall = false;

setApiHooks({
  onUnauthorized() {
    queryClient.setQueryData(USER_KEY, null);
    const { pathname } = router.state.location;
    if (pathname !== '/auth') router.navigate({ to: '/auth', search: { redirect: router.state.location.href } });
  },
  onTrialExpired(error) {
    if (goingToPaywall) return;
    goingToPaywall = true;
    toast.error('Your Trial Has Expired', {
      id: ACCESS_ENDED_TOAST,
      description: error.serverMessage ?? TRIAL_EXPIRED.message,
      duration: 5000,
    });
    setTimeout(() => {
      goingToPaywall = false;
      if (router.state.location.pathname !== '/paywall') router.navigate({ to: '/paywall' });
    }, 1000);
  },
});

/** The screen a learner most likely opens next from each one, fetched once the browser is idle. */
const NEXT_SCREEN: Record<string, string> = { '/landing': '/auth', '/auth': '/words', '/words': '/topics', '/topics': '/flagged' };
router.subscribe('onResolved', ({ toLocation }) => {
  const next = NEXT_SCREEN[toLocation.pathname];
  if (next) whenIdle(() => void router.preloadRoute({ to: next }).catch(() => {}));
});

const root = document.getElementById('root')!;

/**
 * Whether React has taken over every element of a drawn page. The screen's parts sit inside the router's
 * Suspense boundaries, which React hydrates in passes after the frame's; no part of the app sets its
 * HTML by hand, so an element without React's fiber is one still to be hydrated.
 */
const allHydrated = () =>
  [...root.querySelectorAll('*')].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

/**
 * The mark on a drawn page (the build's, or the server's, src/lib/screens.ts) goes once React has taken
 * all of it over: what is on screen then answers clicks and typing.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      if (allHydrated()) root.removeAttribute('data-prerendered');
      else frame = requestAnimationFrame(check);
    };
    check();
    return () => cancelAnimationFrame(frame);
  }, []);
  return children;
}

const app = (
  <TakenOver>
    <App queryClient={queryClient} router={router} />
  </TakenOver>
);
// Rendered (or hydrated) as a transition: React renders in slices of a few milliseconds, between which
// the browser paints and answers input, instead of one long task (blocking time, docs/decisions/0038-performance-history.md).
// And only once the router has loaded the page (its guards, its screen's chunk) or failed to (it then
// shows its error): rendered earlier, the page was drawn again when the router finished, and that
// update is not a transition. The router starts in a task of its own, not in the one that evaluated the
// runtime, the longest before the first screen.
void nextTask()
  .then(() => router.load())
  .catch(() => {})
  .then(() =>
    startTransition(() => {
      // A page the build drew (src/web/prerender.tsx): React takes over its HTML.
      if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
      else createRoot(root).render(app);
    }),
  );
