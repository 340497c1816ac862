import { defineModule } from '../define';
import { spellingRoutes } from './index';
import { createSpellingService, type SpellingService } from './service';

/** The spelling table's lexicon, for answers judged in the browser. */
export const spellingModule = defineModule({
  name: 'spelling',
  service: () => createSpellingService(),
  routes: { needs: ['spelling'], plugin: (_ctx, deps: { spelling: SpellingService }) => spellingRoutes(deps) },
});
