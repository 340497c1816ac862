import { defineModule } from '../../lib/module';
import type { VocabularyService } from '../vocabulary/service';
import { whichWordRoutes } from './index';
import { createWhichWordService } from './service';

/** The which-word game over vocabulary's topics. */
export const whichWordModule = defineModule({
  name: 'whichWord',
  needs: ['vocabulary'],
  service: (_ctx, deps: { vocabulary: VocabularyService }) => createWhichWordService(deps),
  routes: { needs: ['auth', 'whichWord'], plugin: whichWordRoutes },
});
