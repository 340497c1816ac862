import { defineModule } from '../define';
import { paradigmsContent } from './content';
import { spellingRoutes } from './index';
import { createSpellingService } from './service';

/** The spelling table's lexicon and the forms the content teaches (content/paradigms among them), for judging typed answers. */
export const spellingModule = defineModule({
  name: 'spelling',
  content: [paradigmsContent],
  service: () => createSpellingService(),
  routes: { needs: ['auth', 'billing', 'spelling'], plugin: spellingRoutes },
});
