import { defineModule } from '../../lib/module';
import { paradigmsContent } from './content';
import { spellingRoutes } from './index';
import { createSpellingService, type SpellingService } from './service';

/** The spelling table's lexicon and the forms the content teaches (content/paradigms among them), for judging typed answers. */
export const spellingModule = defineModule({
  name: 'spelling',
  content: [paradigmsContent],
  service: () => createSpellingService(),
  routes: { needs: ['spelling'], plugin: (_ctx, deps: { spelling: SpellingService }) => spellingRoutes(deps) },
});
