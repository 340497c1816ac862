import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { server } from '../../lib/api';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';

/**
 * The statistics screen (docs/product-rules.md#screens). Not behind sign-in: an anonymous visitor is asked to log in on the page
 * itself; a signed-in learner must have verified the e-mail address.
 */
export const statsRoutes: FeatureRoutes = ({ verified }) => [
  createRoute({
    getParentRoute: () => verified,
    path: '/stats',
    component: lazyRouteComponent(() => import('./StatsPage'), 'StatsPage'),
    // A visitor is asked to log in on the page: there is nothing of theirs to read.
    loader: ({ context: { queryClient, user } }: { context: RouterContext }) => {
      if (user) prefetch(queryClient, server.api.stats, server.api.analytics.session, server.api.user['trial-status'], server.api.review.forecast);
    },
  }),
];
