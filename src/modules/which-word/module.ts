import { defineModule } from '../define';
import type { VocabularyService } from '../vocabulary/service';
import { whichWordRoutes } from './index';
import { createWhichWordService } from './service';

/** The which-word game over vocabulary's topics. */
export const whichWordModule = defineModule({
  name: 'which-word',
  needs: ['vocabulary'],
  service: (_ctx, deps: { vocabulary: VocabularyService }) => createWhichWordService(deps),
  routes: { needs: ['auth', 'which-word'], plugin: whichWordRoutes },
});
