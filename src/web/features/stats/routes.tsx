import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { forecastQuery, sessionAnalyticsQuery, statsQuery } from './queries';
import { firstScreen, type FeatureRoutes } from '../../lib/routes';

/**
 * The statistics screen (docs/product-rules.md#screens). Not behind sign-in: an anonymous visitor is asked to log in on the page
 * itself; a signed-in learner must have verified the e-mail address.
 */
export const statsRoutes: FeatureRoutes = ({ verified, visitor }) => [
  createRoute({
    getParentRoute: () => verified,
    path: '/stats',
    component: lazyRouteComponent(() => import('./StatsPage'), 'StatsPage'),
    ...firstScreen('features/stats/StatsPage.tsx', statsQuery, sessionAnalyticsQuery, forecastQuery),
  }),
  // A reminder mail's unsubscribe link: open to everyone, the token in the address is the proof.
  createRoute({ getParentRoute: () => visitor, path: '/unsubscribe', component: lazyRouteComponent(() => import('./UnsubscribePage'), 'UnsubscribePage') }),
];
