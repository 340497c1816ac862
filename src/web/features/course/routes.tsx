import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch } from '../../lib/routes';
import { courseQuery } from './queries';

/** The course's path (/course), behind sign-in (docs/decisions/0076-the-course.md). */
const courseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/course',
  component: lazyRouteComponent(() => import('./CoursePage'), 'CoursePage'),
  loader: ({ context }) => prefetch(context, courseQuery),
});

export const courseRoutes = { signedIn: [courseRoute] } satisfies FeatureRoutes;
