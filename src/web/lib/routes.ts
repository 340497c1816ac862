import type { AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { read } from './query';
import type { User } from './session';

/** What every route's guard and loader receive: the query cache, and below the session layout the user (undefined when its read failed). */
export interface RouterContext {
  queryClient: QueryClient;
  user?: User | null;
}

/**
 * The layouts a feature's screens hang under (src/web/shell/layouts.tsx): `visitor` for anyone,
 * `verified` for anyone but a signed-in learner who has not verified the e-mail address (shown the
 * alert), `signedIn` for a verified learner (a visitor is sent to /auth).
 */
export interface Layouts {
  visitor: AnyRoute;
  verified: AnyRoute;
  signedIn: AnyRoute;
}

/** A feature's screens, each under one of the layouts; src/web/router.tsx assembles the tree from them. */
export type FeatureRoutes = (layouts: Layouts) => AnyRoute[];

/**
 * A loader's reads: started as the route loads or a link to it is hovered, into the cache the screen
 * reads, without holding the navigation (docs/decisions/0018-client-shell.md). A 401 met here is left
 * to the screen's own read, so a hover never signs anyone out.
 */
export function prefetch(queryClient: QueryClient, ...nodes: Parameters<typeof read>[0][]) {
  for (const node of nodes) {
    const query = read(node, { nullOn401: true });
    void queryClient.prefetchQuery({
      queryKey: query.queryKey,
      queryFn: async (context) => (await query.queryFn!(context)) ?? Promise.reject(new Error('Signed out')),
    });
  }
}
