import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureRoutes } from '../../lib/routes';

/** Sentence practice and the lesson player, both behind sign-in (docs/product-rules.md#screens). */
export const sentencesRoutes: FeatureRoutes = ({ signedIn }) => {
  const practiceRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/lessons',
    component: lazyRouteComponent(() => import('./SentencePracticePage'), 'SentencePracticePage'),
  });
  const lessonRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/lesson/$id',
    component: lazyRouteComponent(() =>
      import('./LessonPage').then(({ LessonPage }) => ({
        default: function LessonRoute() {
          const { id } = lessonRoute.useParams();
          return <LessonPage rawId={id} />;
        },
      })),
    ),
  });
  return [practiceRoute, lessonRoute];
};
