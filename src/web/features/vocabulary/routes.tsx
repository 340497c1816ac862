import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../router';
const wordsRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/words', component: lazyRouteComponent(() => import('./AllWordsPage'), 'AllWordsPage') });
const topicsRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/topics', component: lazyRouteComponent(() => import('./TopicsPage'), 'TopicsPage') });
const topicRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/topics/$topic',
  component: lazyRouteComponent(() =>
    import('./TopicPracticePage').then(({ TopicPracticePage }) => ({
      default: function TopicRoute() {
        const { topic } = topicRoute.useParams();
        return <TopicPracticePage topic={topic} />;
      },
    })),
  ),
});
const flaggedRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/flagged', component: lazyRouteComponent(() => import('./FlaggedPage'), 'FlaggedPage') });

/** The vocabulary screens (L §2): all behind sign-in; the anonymous deck lives on /landing. */
export const vocabularyRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [],
  protected: [wordsRoute, topicsRoute, topicRoute, flaggedRoute],
};
