import { defineModule } from '../define';
import { courseContent } from './content';
import { courseRoutes } from './index';
import * as tables from './schema';
import { createCourseService } from './service';

/** The course: units of content/course.yaml over the other modules' content, today's plan and the placement check. */
export const courseModule = defineModule({
  name: 'course',
  needs: ['vocabulary', 'review', 'lessons', 'grammar', 'dialogues', 'conversations', 'spelling'],
  tables,
  content: [courseContent],
  service: createCourseService,
  routes: { needs: ['auth', 'course'], plugin: courseRoutes },
});
