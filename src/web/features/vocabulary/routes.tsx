import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { firstScreen, prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';
import { flaggedQuery } from '../../lib/query';
import { searchKeys } from '../../lib/search';
import { batchQuery, topicCardsQuery, verbsQuery, wordsQuery } from './queries';

/** The vocabulary screens (docs/product-rules.md#screens): all behind sign-in; the anonymous deck lives on /landing. */
export const vocabularyRoutes: FeatureRoutes = ({ signedIn }) => {
  const wordsRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/words',
    component: lazyRouteComponent(() => import('./AllWordsPage'), 'AllWordsPage'),
    validateSearch: searchKeys('mode'),
    // The deck is asked for with the page's code and the user, not after them.
    ...firstScreen('features/vocabulary/AllWordsPage.tsx', wordsQuery, batchQuery),
  });
  const topicsRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/topics',
    component: lazyRouteComponent(() => import('./TopicsPage'), 'TopicsPage'),
    ...firstScreen('features/vocabulary/TopicsPage.tsx', topicCardsQuery, verbsQuery),
  });
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
  const flaggedRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/flagged',
    component: lazyRouteComponent(() => import('./FlaggedPage'), 'FlaggedPage'),
    loader: ({ context }: { context: RouterContext }) => prefetch(context, flaggedQuery),
  });
  return [wordsRoute, topicsRoute, topicRoute, flaggedRoute];
};
