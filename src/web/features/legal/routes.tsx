import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';

/** The legal pages, open to everyone. */
export const legalRoutes: FeatureRoutes = ({ visitor }) => [
  createRoute({ getParentRoute: () => visitor, path: '/privacy-policy', component: lazyRouteComponent(() => import('./LegalPage'), 'PrivacyPolicyPage') }),
  createRoute({ getParentRoute: () => visitor, path: '/terms-of-service', component: lazyRouteComponent(() => import('./LegalPage'), 'TermsOfServicePage') }),
];
