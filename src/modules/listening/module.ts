import { defineModule } from '../define';
import type { SpellingService } from '../spelling/service';
import type { VocabularyService } from '../vocabulary/service';
import { listeningRoutes } from './index';
import { createListeningService } from './service';

/** The listening drill over the learner's unlocked words. */
export const listeningModule = defineModule({
  name: 'listening',
  needs: ['vocabulary', 'spelling'],
  service: (_ctx, deps: { vocabulary: VocabularyService; spelling: SpellingService }) => createListeningService(deps),
  routes: { needs: ['auth', 'listening', 'answer-keys'], plugin: listeningRoutes },
});
