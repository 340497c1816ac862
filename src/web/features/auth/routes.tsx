import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute, signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { firstScreen } from '../../lib/routes';
import { searchKeys } from '../../lib/search';

/**
 * The account screens, each its own chunk; /auth is the first screen of many visits. Account Settings,
 * which shows billing's panel too, is composed in src/web/router.tsx.
 */
export const authRoutes = {
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/auth',
      component: lazyRouteComponent(() => import('./AuthPage'), 'AuthPage'),
      validateSearch: searchKeys('redirect', 'error', 'tab'),
      ...firstScreen('features/auth/AuthPage.tsx'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/request-reset',
      component: lazyRouteComponent(() => import('./ResetPages'), 'RequestResetPage'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/reset-password',
      component: lazyRouteComponent(() => import('./ResetPages'), 'ResetPasswordPage'),
      validateSearch: searchKeys('token'),
    }),
  ],
  signedIn: [
    createRoute({
      getParentRoute: () => signedInRoute,
      path: '/support',
      component: lazyRouteComponent(() => import('./SupportPage'), 'SupportPage'),
      validateSearch: searchKeys('status', 'key'),
    }),
  ],
} satisfies FeatureRoutes;
