import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';

/** The listening drill (docs/decisions/0032-listening-drill.md): behind sign-in, its answers count. */
export const listeningRoutes = {
  signedIn: [
    createRoute({
      getParentRoute: () => signedInRoute,
      path: '/listen',
      component: lazyRouteComponent(() => import('./ListeningPage'), 'ListeningPage'),
    }),
  ],
} satisfies FeatureRoutes;
