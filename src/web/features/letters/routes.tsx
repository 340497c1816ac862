import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lettersQuery } from './queries';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';

/**
 * The letters screens are public (docs/product-rules.md#screens): a visitor practises with a streak in
 * local storage; a signed-in learner's answers, streak and points are saved.
 */
export const lettersRoutes: FeatureRoutes = ({ visitor }) => {
  const loader = ({ context }: { context: RouterContext }) => prefetch(context, lettersQuery);
  return [
    createRoute({ getParentRoute: () => visitor, path: '/letters', component: lazyRouteComponent(() => import('./LettersPage'), 'LettersPage'), loader }),
    createRoute({ getParentRoute: () => visitor, path: '/study-letters', component: lazyRouteComponent(() => import('./StudyLettersPage'), 'StudyLettersPage'), loader }),
  ];
};
