import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { goalQuery } from '../../lib/goal';
import { planQuery } from '../../lib/course';
import { flaggedQuery } from '../../lib/query';
import { firstScreen, prefetch } from '../../lib/routes';
import { searchKeys } from '../../lib/search';
import { answeredWordsQuery, batchQuery, topicCardsQuery, verbsQuery, wordsQuery } from './queries';

/** The vocabulary screens (docs/product-rules.md#screens): all behind sign-in; the anonymous deck lives on /landing. */
const wordsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/words',
  component: lazyRouteComponent(() => import('./AllWordsPage'), 'AllWordsPage'),
  // `verified` is the verification link's flag, which the frame's toast reads (src/web/shell/layouts.tsx).
  validateSearch: searchKeys('mode', 'verified'),
  // The deck is asked for with the page's code and the user, not after them.
  ...firstScreen('features/vocabulary/AllWordsPage.tsx', wordsQuery, batchQuery, answeredWordsQuery, goalQuery, planQuery),
});

const topicsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/topics',
  component: lazyRouteComponent(() => import('./TopicsPage'), 'TopicsPage'),
  ...firstScreen('features/vocabulary/TopicsPage.tsx', topicCardsQuery, verbsQuery),
});

const topicRoute = createRoute({
  getParentRoute: () => signedInRoute,
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
  getParentRoute: () => signedInRoute,
  path: '/flagged',
  component: lazyRouteComponent(() => import('./FlaggedPage'), 'FlaggedPage'),
  loader: ({ context }) => prefetch(context, flaggedQuery),
});

export const vocabularyRoutes = { signedIn: [wordsRoute, topicsRoute, topicRoute, flaggedRoute] } satisfies FeatureRoutes;
