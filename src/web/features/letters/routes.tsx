import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';

/**
 * The letters screens are public (docs/product-rules.md#screens): a visitor practises with a streak in
 * local storage; a signed-in learner's answers, streak and points are saved.
 */
export const lettersRoutes: FeatureRoutes = ({ visitor }) => [
  createRoute({ getParentRoute: () => visitor, path: '/letters', component: lazyRouteComponent(() => import('./LettersPage'), 'LettersPage') }),
  createRoute({ getParentRoute: () => visitor, path: '/study-letters', component: lazyRouteComponent(() => import('./StudyLettersPage'), 'StudyLettersPage') }),
];
