import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { whichWordTopicsQuery } from './queries';
import { rootRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch } from '../../lib/routes';

/**
 * The which-word game is public (docs/product-rules.md#screens): a visitor plays the free topics
 * with a streak in local storage and nothing saved; a signed-in learner's answers count on the server.
 */
const topicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/which-word',
  component: lazyRouteComponent(() => import('./TopicsPage'), 'WhichWordTopicsPage'),
  loader: ({ context }) => prefetch(context, whichWordTopicsQuery),
});

const gameRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/which-word/$topic',
  component: lazyRouteComponent(() =>
    import('./GamePage').then(({ WhichWordGamePage }) => ({
      default: function WhichWordGameRoute() {
        const { topic } = gameRoute.useParams();
        return <WhichWordGamePage topic={topic} />;
      },
    })),
  ),
});

export const whichWordRoutes = { visitor: [topicsRoute, gameRoute] } satisfies FeatureRoutes;
