import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { rootRoute } from '../../router';

const StatsPage = lazyRouteComponent(() => import('./StatsPage'), 'StatsPage');

// Public: an anonymous visitor is asked to log in on the page itself (docs/product-rules.md#screens); the page checks the user.
const statsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/stats', component: StatsPage });

/** The statistics screen. */
export const statsRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = { public: [statsRoute], protected: [] };
