import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../router';
import { AllWordsPage } from './AllWordsPage';
import { FlaggedPage } from './FlaggedPage';
import { TopicPracticePage } from './TopicPracticePage';
import { TopicsPage } from './TopicsPage';

const wordsRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/words', component: AllWordsPage });
const topicsRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/topics', component: TopicsPage });
const topicRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/topics/$topic',
  component: function TopicRoute() {
    const { topic } = topicRoute.useParams();
    return <TopicPracticePage topic={topic} />;
  },
});
const flaggedRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/flagged', component: FlaggedPage });

/** The vocabulary screens (L §2): all behind sign-in; the anonymous deck lives on /landing. */
export const vocabularyRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [],
  protected: [wordsRoute, topicsRoute, topicRoute, flaggedRoute],
};
