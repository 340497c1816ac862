import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { forecastQuery, sessionAnalyticsQuery, statsQuery } from './queries';
import { rootRoute, verifiedRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { firstScreen } from '../../lib/routes';
import { searchKeys } from '../../lib/search';

/**
 * The statistics screen (docs/product-rules.md#screens). Not behind sign-in: an anonymous visitor is asked to log in on the page
 * itself; a signed-in learner must have verified the e-mail address.
 */
export const statsRoutes = {
  verified: [
    createRoute({
      getParentRoute: () => verifiedRoute,
      path: '/stats',
      component: lazyRouteComponent(() => import('./StatsPage'), 'StatsPage'),
      ...firstScreen('features/stats/StatsPage.tsx', statsQuery, sessionAnalyticsQuery, forecastQuery),
    }),
  ],
  // A reminder mail's unsubscribe link: open to everyone, the token in the address is the proof.
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/unsubscribe',
      component: lazyRouteComponent(() => import('./UnsubscribePage'), 'UnsubscribePage'),
      validateSearch: searchKeys('kind', 'token'),
    }),
  ],
} satisfies FeatureRoutes;
