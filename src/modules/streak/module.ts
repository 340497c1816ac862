import { defineModule } from '../define';
import { streakRoutes } from './index';
import * as tables from './schema';
import { createStreakService } from './service';

/** The streak per learner and page. */
export const streakModule = defineModule({
  name: 'streak',
  tables,
  service: (ctx) => createStreakService(ctx),
  routes: { needs: ['auth', 'streak'], plugin: streakRoutes },
});
