import type { AnyRoute } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
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
