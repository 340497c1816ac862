import { defineModule } from '../define';
import { statsRoutes } from './index';
import * as tables from './schema';
import { createStatsService } from './service';
import { reminderJob } from './reminders';

/** Points, statistics, the leaderboard and learning time. */
export const statsModule = defineModule({
  name: 'stats',
  needs: ['auth', 'streak'],
  tables,
  service: createStatsService,
  routes: { needs: ['auth', 'stats'], plugin: statsRoutes },
  jobs: (ctx, stats) => [reminderJob(stats, ctx.config)],
});
