import { defineModule } from '../../lib/module';
import { flaggedRoutes } from './index';
import * as tables from './schema';
import { createFlaggedService } from './service';

/** The practice list of flagged words. */
export const flaggedModule = defineModule({
  name: 'flagged',
  tables,
  service: (ctx) => createFlaggedService(ctx),
  routes: { needs: ['auth', 'vocabulary'], plugin: flaggedRoutes },
});
