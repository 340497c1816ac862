import { defineModule } from '../../lib/module';
import type { LessonsService } from '../lessons/service';
import type { SentencesService } from '../sentences/service';
import { createWordKeys } from '../vocabulary/keys';
import { reportsRoutes } from './index';
import * as tables from './schema';
import { createReportsService } from './service';

/** Learners' reports on content. */
export const reportsModule = defineModule({
  name: 'reports',
  needs: ['sentences', 'lessons'],
  tables,
  service: (ctx, deps: { sentences: SentencesService; lessons: LessonsService }) => createReportsService(ctx, { ...deps, wordKeys: createWordKeys(ctx) }),
  routes: { needs: ['auth', 'reports'], plugin: reportsRoutes },
});
