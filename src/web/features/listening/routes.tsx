import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';

/** The listening drill (docs/decisions/0032-listening-drill.md): behind sign-in, its answers count. */
export const listeningRoutes: FeatureRoutes = ({ signedIn }) => [
  createRoute({
    getParentRoute: () => signedIn,
    path: '/listen',
    component: lazyRouteComponent(() => import('./ListeningPage'), 'ListeningPage'),
  }),
];
