import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { firstScreen, type FeatureRoutes } from '../../lib/routes';
import { searchKeys } from '../../lib/search';

/**
 * The account screens, each its own chunk; /auth is the first screen of many visits. Account Settings,
 * which shows billing's panel too, is composed in src/web/router.tsx.
 */
export const authRoutes: FeatureRoutes = ({ visitor, signedIn }) => [
  createRoute({
    getParentRoute: () => visitor,
    path: '/auth',
    component: lazyRouteComponent(() => import('./AuthPage'), 'AuthPage'),
    validateSearch: searchKeys('redirect', 'error', 'tab'),
    ...firstScreen('features/auth/AuthPage.tsx'),
  }),
  createRoute({
    getParentRoute: () => visitor,
    path: '/request-reset',
    component: lazyRouteComponent(() => import('./ResetPages'), 'RequestResetPage'),
  }),
  createRoute({
    getParentRoute: () => visitor,
    path: '/reset-password',
    component: lazyRouteComponent(() => import('./ResetPages'), 'ResetPasswordPage'),
    validateSearch: searchKeys('token'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    path: '/support',
    component: lazyRouteComponent(() => import('./SupportPage'), 'SupportPage'),
    validateSearch: searchKeys('status', 'key'),
  }),
];
