import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lettersQuery } from './queries';
import { rootRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch, type RouterContext } from '../../lib/routes';

const loader = ({ context }: { context: RouterContext }) => prefetch(context, lettersQuery);

/**
 * The letters screens are public (docs/product-rules.md#screens): a visitor practises with a streak in
 * local storage; a signed-in learner's answers, streak and points are saved.
 */
export const lettersRoutes = {
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/letters',
      component: lazyRouteComponent(() => import('./LettersPage'), 'LettersPage'),
      loader,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/study-letters',
      component: lazyRouteComponent(() => import('./StudyLettersPage'), 'StudyLettersPage'),
      loader,
    }),
  ],
} satisfies FeatureRoutes;
