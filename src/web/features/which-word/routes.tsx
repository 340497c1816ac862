import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { rootRoute } from '../../router';
import { WhichWordGamePage } from './GamePage';
import { WhichWordTopicsPage } from './TopicsPage';

const topicsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/which-word', component: WhichWordTopicsPage });
const gameRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/which-word/$topic',
  component: function WhichWordGameRoute() {
    const { topic } = gameRoute.useParams();
    return <WhichWordGamePage topic={topic} />;
  },
});

/**
 * The which-word game. L §2 lists it without a guard, so it is public: a visitor plays the free topics
 * with a streak in local storage and nothing saved; a signed-in learner's answers count on the server.
 */
export const whichWordRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [topicsRoute, gameRoute],
  protected: [],
};
