import { defineModule } from '../define';
import type { LessonsService } from '../lessons/service';
import type { SentencesService } from '../sentences/service';
import type { VocabularyService } from '../vocabulary/service';
import { reportsRoutes } from './index';
import * as tables from './schema';
import { createReportsService } from './service';

type WordKeys = Parameters<typeof createReportsService>[1]['wordKeys'];

/** Learners' reports on content. */
export const reportsModule = defineModule({
  name: 'reports',
  needs: ['vocabulary', 'sentences', 'lessons'],
  tables,
  service: (
    ctx,
    {
      vocabulary,
      sentences,
      lessons,
    }: { vocabulary: VocabularyService & { wordKeys: WordKeys }; sentences: SentencesService; lessons: LessonsService },
  ) => createReportsService(ctx, { wordKeys: vocabulary.wordKeys, practisedWord: vocabulary.practisedWord, sentences, lessons }),
  routes: { needs: ['auth', 'reports'], plugin: reportsRoutes },
});
