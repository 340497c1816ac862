import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';

/** The demonstration of the error displays, open to everyone. */
export const errorsRoutes: FeatureRoutes = ({ visitor }) => [
  createRoute({ getParentRoute: () => visitor, path: '/error-examples', component: lazyRouteComponent(() => import('./ErrorExamplesPage'), 'ErrorExamplesPage') }),
];
