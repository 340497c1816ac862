import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { rootRoute } from '../../router';

const LettersPage = lazyRouteComponent(() => import('./LettersPage'), 'LettersPage');
const StudyLettersPage = lazyRouteComponent(() => import('./StudyLettersPage'), 'StudyLettersPage');

const lettersRoute = createRoute({ getParentRoute: () => rootRoute, path: '/letters', component: LettersPage });
const studyRoute = createRoute({ getParentRoute: () => rootRoute, path: '/study-letters', component: StudyLettersPage });

/**
 * The letters screens are public (docs/product-rules.md#screens): a visitor practises with a streak in
 * local storage; a signed-in learner's answers, streak and points are saved.
 */
export const lettersRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [lettersRoute, studyRoute],
  protected: [],
};
