import { createRootRouteWithContext, createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { USER_KEY, userQuery, type User } from './session';
import type { RouterContext } from './routes';

/**
 * The layouts every screen hangs under, with their guards: here, below the features, so that a feature's
 * routes name their parent route itself and the router's types follow the whole tree; the shell gives
 * them their components (src/web/router.tsx, docs/decisions/0056-typed-route-tree.md).
 */

/**
 * The user the guards decide on: the cached one, or the read under way, or undefined when the read
 * failed. A failed read is not asked again on every navigation: Retry on the failure card asks.
 */
async function knownUser(queryClient: QueryClient): Promise<User | null | undefined> {
  if (queryClient.getQueryState(USER_KEY)?.status === 'error') return queryClient.getQueryData(USER_KEY);
  return queryClient.ensureQueryData(userQuery).catch(() => undefined);
}

/** Every screen's parent: `visitor` screens, open to anyone, hang here. */
export const rootRoute = createRootRouteWithContext<RouterContext>()();

/**
 * Every screen that depends on who is signed in (docs/product-rules.md#screens): the user is in the
 * router context for the guards below, and a failed read shows the user load-failure card (only a 401
 * means "no user"; a server or network failure is not a reason to ask for a login).
 */
export const sessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_session',
  beforeLoad: async ({ context }) => ({ user: await knownUser(context.queryClient) }),
});

/** Where a visitor is sent from `/` and from the learner's screens. */
const VISITOR_START = '/auth';

/** `/`: All Words for a learner, /auth otherwise (while the user loads, the frame's spinner). */
export const homeRoute = createRoute({
  getParentRoute: () => sessionRoute,
  path: '/',
  beforeLoad: ({ context: { user } }) => {
    if (user !== undefined) throw redirect({ to: user ? '/words' : VISITOR_START, replace: true });
  },
});

/** Anyone but a signed-in learner who has not verified the e-mail address (shown the alert instead of the screen). */
export const verifiedRoute = createRoute({ getParentRoute: () => sessionRoute, id: '_verified' });

/** Screens for a signed-in, verified learner: a visitor goes to /auth, and comes back to the page asked for after logging in. */
export const signedInRoute = createRoute({
  getParentRoute: () => verifiedRoute,
  id: '_signedIn',
  beforeLoad: ({ context: { user }, location }) => {
    if (user === null) throw redirect({ to: VISITOR_START, search: { redirect: location.href }, replace: true });
  },
});

/**
 * A feature's screens by the layout each hangs under (`visitor`: the root, open to anyone; `verified`:
 * anyone but an unverified learner; `signedIn`: a verified learner), each list put under its layout by
 * src/web/router.tsx; the types check that a list holds only screens of that layout.
 */
export interface FeatureRoutes {
  visitor?: ReadonlyArray<{ parentRoute: typeof rootRoute }>;
  verified?: ReadonlyArray<{ parentRoute: typeof verifiedRoute }>;
  signedIn?: ReadonlyArray<{ parentRoute: typeof signedInRoute }>;
}

/**
 * Where a signed-out visitor who opens `route` ends, by the guards above: the build names that
 * screen's code in the page the server sends such a visit (scripts/build.ts).
 */
export function visitorEnd(route: AnyRoute): string {
  for (let parent: AnyRoute | undefined = route; parent; parent = parent.parentRoute) {
    if (parent === homeRoute || parent === signedInRoute) return VISITOR_START;
  }
  return route.fullPath;
}
