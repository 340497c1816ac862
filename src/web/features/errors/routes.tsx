import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute, type FeatureRoutes } from '../../lib/layout-routes';

/** The demonstration of the error displays, open to everyone. */
export const errorsRoutes = {
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/error-examples',
      component: lazyRouteComponent(() => import('./ErrorExamplesPage'), 'ErrorExamplesPage'),
    }),
  ],
} satisfies FeatureRoutes;
