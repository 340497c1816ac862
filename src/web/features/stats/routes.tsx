import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { rootRoute } from '../../router';

const StatsPage = lazyRouteComponent(() => import('./StatsPage'), 'StatsPage');

// Public: an anonymous visitor is asked to log in on the page itself (L §2); the page checks the user.
const statsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/stats', component: StatsPage });

/** The statistics screen (L §2). */
export const statsRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = { public: [statsRoute], protected: [] };
