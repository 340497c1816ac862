import { HOUR_MS } from '../../lib/clock';
import type { AppContext } from '../../lib/context';
import type { Job } from '../../lib/jobs';
import type { AuthService } from './service';

const PURGE_INTERVAL_MS = HOUR_MS;

/**
 * The scheduled deletion of accounts past their `scheduledDeletionDate` (docs/product-rules.md#accounts): once at
 * start, then every hour, on the primary alone (it writes). `run` answers how many were deleted.
 */
export function purgeJob(ctx: AppContext, auth: AuthService): Job<number> {
  return {
    name: 'account purge',
    everyMs: PURGE_INTERVAL_MS,
    primaryOnly: true,
    atStart: true,
    run() {
      const purged = auth.purgeDueAccounts();
      if (purged > 0) ctx.log.info('deleted accounts past their deletion date', { purged });
      return purged;
    },
  };
}
