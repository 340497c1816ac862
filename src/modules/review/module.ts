import { defineModule } from '../define';
import { reviewRoutes } from './index';
import * as tables from './schema';
import { createReviewService } from './service';

/** Memory cards, their progress and settings; vocabulary records answers here and lists the words due (its routes). */
export const reviewModule = defineModule({
  name: 'review',
  needs: ['stats'],
  tables,
  service: createReviewService,
  routes: { needs: ['auth', 'review'], plugin: reviewRoutes },
});
