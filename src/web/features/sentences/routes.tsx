import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../router';
const practiceRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/lessons',
  component: lazyRouteComponent(() => import('./SentencePracticePage'), 'SentencePracticePage'),
});
const lessonRoute = createRoute({
  getParentRoute: () => protectedRoute,
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

/** Sentence practice and the lesson player, both behind sign-in (docs/product-rules.md#screens). */
export const sentencesRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = { public: [], protected: [practiceRoute, lessonRoute] };
