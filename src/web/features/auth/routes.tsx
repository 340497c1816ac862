import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';
import { searchOf } from '../../lib/search';
import { AuthPage } from './AuthPage';

/**
 * The account screens. /auth is the first screen of most visits and small: it comes with the entry
 * chunk, a round trip sooner; the others are their own chunks. Account Settings, which shows billing's
 * panel too, is composed in src/web/router.tsx.
 */
export const authRoutes: FeatureRoutes = ({ visitor, signedIn }) => [
  createRoute({ getParentRoute: () => visitor, path: '/auth', component: AuthPage, validateSearch: searchOf('redirect', 'error', 'tab') }),
  createRoute({
    getParentRoute: () => visitor,
    path: '/request-reset',
    component: lazyRouteComponent(() => import('./ResetPages'), 'RequestResetPage'),
  }),
  createRoute({
    getParentRoute: () => visitor,
    path: '/reset-password',
    component: lazyRouteComponent(() => import('./ResetPages'), 'ResetPasswordPage'),
    validateSearch: searchOf('token'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    path: '/support',
    component: lazyRouteComponent(() => import('./SupportPage'), 'SupportPage'),
    validateSearch: searchOf('status', 'key'),
  }),
];
