import { defineModule } from '../define';
import type { StatsService } from '../stats/service';
import type { VocabularyService } from '../vocabulary/service';
import { speakingRoutes } from './index';
import { createSpeakingService } from './service';

/** Speaking: recognised attempts at saying a word, judged and counted. */
export const speakingModule = defineModule({
  name: 'speaking',
  needs: ['vocabulary', 'stats'],
  service: (ctx, deps: { vocabulary: VocabularyService; stats: StatsService }) => createSpeakingService(ctx, deps),
  routes: { needs: ['auth', 'speaking', 'answer-keys'], plugin: speakingRoutes },
});
