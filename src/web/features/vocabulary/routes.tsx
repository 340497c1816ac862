import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes, RouterContext } from '../../lib/routes';
import { server } from '../../lib/api';
import { batchQuery, wordsQuery } from './queries';

/** The vocabulary screens (docs/product-rules.md#screens): all behind sign-in; the anonymous deck lives on /landing. */
export const vocabularyRoutes: FeatureRoutes = ({ signedIn }) => {
  const wordsRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/words',
    component: lazyRouteComponent(() => import('./AllWordsPage'), 'AllWordsPage'),
    // The deck is asked for with the page's code and the user, not after them; a signed-out visitor asks
    // nothing, and a 401 here is left to the user's own read to act on.
    loader: ({ context: { queryClient, user } }: { context: RouterContext }) => {
      if (!user) return;
      const signedOut = () => Promise.reject(new Error('Signed out'));
      void queryClient.prefetchQuery({ ...wordsQuery, queryFn: async ({ signal }) => (await server.api.words.get({ nullOn401: true, signal })) ?? signedOut() });
      void queryClient.prefetchQuery({ ...batchQuery, queryFn: async ({ signal }) => (await server.api.words.batch.get({ nullOn401: true, signal })) ?? signedOut() });
    },
  });
  const topicsRoute = createRoute({ getParentRoute: () => signedIn, path: '/topics', component: lazyRouteComponent(() => import('./TopicsPage'), 'TopicsPage') });
  const topicRoute = createRoute({
    getParentRoute: () => signedIn,
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
  const flaggedRoute = createRoute({ getParentRoute: () => signedIn, path: '/flagged', component: lazyRouteComponent(() => import('./FlaggedPage'), 'FlaggedPage') });
  return [wordsRoute, topicsRoute, topicRoute, flaggedRoute];
};
