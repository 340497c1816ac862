import { defineModule } from '../../lib/module';
import { reviewRoutes } from './index';
import * as tables from './schema';
import { createReviewService } from './service';

/** Memory cards: the words due and the forecast (the due words are opened by vocabulary's rules). */
export const reviewModule = defineModule({
  name: 'review',
  needs: ['stats'],
  tables,
  service: createReviewService,
  routes: { needs: ['auth', 'review', 'vocabulary'], plugin: reviewRoutes },
});
