import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { whichWordTopicsQuery } from './queries';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';

/**
 * The which-word game is public (docs/product-rules.md#screens): a visitor plays the free topics
 * with a streak in local storage and nothing saved; a signed-in learner's answers count on the server.
 */
export const whichWordRoutes: FeatureRoutes = ({ visitor }) => {
  const topicsRoute = createRoute({
    getParentRoute: () => visitor,
    path: '/which-word',
    component: lazyRouteComponent(() => import('./TopicsPage'), 'WhichWordTopicsPage'),
    loader: ({ context }: { context: RouterContext }) => prefetch(context, whichWordTopicsQuery),
  });
  const gameRoute = createRoute({
    getParentRoute: () => visitor,
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
  return [topicsRoute, gameRoute];
};
