import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { protectedRoute } from '../../router';
import { LessonPage } from './LessonPage';
import { SentencePracticePage } from './SentencePracticePage';

const practiceRoute = createRoute({ getParentRoute: () => protectedRoute, path: '/lessons', component: SentencePracticePage });
const lessonRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/lesson/$id',
  component: function LessonRoute() {
    const { id } = lessonRoute.useParams();
    return <LessonPage rawId={id} />;
  },
});

/** Sentence practice and the lesson player (L §2), both behind sign-in. */
export const sentencesRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = { public: [], protected: [practiceRoute, lessonRoute] };
