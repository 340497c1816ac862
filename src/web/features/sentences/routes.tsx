import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lessonQuery, lessonStepsQuery, sentenceTopicsQuery } from './queries';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { lessonsQuery } from '../../lib/query';
import { prefetch } from '../../lib/routes';

/** Sentence practice and the lesson player, both behind sign-in (docs/product-rules.md#screens). */
const practiceRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/lessons',
  component: lazyRouteComponent(() => import('./SentencePracticePage'), 'SentencePracticePage'),
  loader: ({ context }) => prefetch(context, sentenceTopicsQuery, lessonsQuery),
});

const lessonRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/lesson/$id',
  // The page reads the id the same way and shows 'Lesson not found' for one that is no lesson number.
  loader: ({ context, params }) => {
    const id = Number.parseInt(params.id, 10);
    if (Number.isSafeInteger(id) && id >= 1) prefetch(context, lessonQuery(id), lessonStepsQuery(id));
  },
  component: lazyRouteComponent(() =>
    import('./LessonPage').then(({ LessonPage }) => ({
      default: function LessonRoute() {
        const { id } = lessonRoute.useParams();
        return <LessonPage rawId={id} />;
      },
    })),
  ),
});

export const sentencesRoutes = { signedIn: [practiceRoute, lessonRoute] } satisfies FeatureRoutes;
