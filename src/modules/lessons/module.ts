import { defineModule } from '../define';
import { lessonsContent } from './content';
import { lessonsRoutes } from './index';
import * as tables from './schema';
import { createLessonsService } from './service';

/** Lessons and their steps; a lesson points at vocabulary's topics and verbs. */
export const lessonsModule = defineModule({
  name: 'lessons',
  needs: ['stats', 'vocabulary', 'speech'],
  tables,
  content: [lessonsContent],
  service: createLessonsService,
  routes: { needs: ['auth', 'lessons', 'answer-keys'], plugin: lessonsRoutes },
});
