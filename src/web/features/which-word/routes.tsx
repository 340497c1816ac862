import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { rootRoute } from '../../router';
const topicsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/which-word', component: lazyRouteComponent(() => import('./TopicsPage'), 'WhichWordTopicsPage') });
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

/**
 * The which-word game is public (docs/product-rules.md#screens): a visitor plays the free topics
 * with a streak in local storage and nothing saved; a signed-in learner's answers count on the server.
 */
export const whichWordRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [topicsRoute, gameRoute],
  protected: [],
};
