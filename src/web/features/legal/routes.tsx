import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute, type FeatureRoutes } from '../../lib/layout-routes';

/** The legal pages, open to everyone. */
export const legalRoutes = {
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/privacy-policy',
      component: lazyRouteComponent(() => import('./LegalPage'), 'PrivacyPolicyPage'),
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/terms-of-service',
      component: lazyRouteComponent(() => import('./LegalPage'), 'TermsOfServicePage'),
    }),
  ],
} satisfies FeatureRoutes;
