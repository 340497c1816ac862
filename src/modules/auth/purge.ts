import type { AppContext } from '../../lib/context';
import { isPrimary } from '../../lib/litefs';
import type { AuthService } from './service';
import { repeatEvery } from '../../lib/jobs';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The scheduled deletion of accounts past their `scheduledDeletionDate` (docs/product-rules.md#accounts): once at
 * start, then every hour. Only the LiteFS primary writes, so replicas skip it. Returns `run` (tests call
 * it after moving the clock) and `stop`.
 */
export function startPurgeJob(ctx: AppContext, auth: AuthService, intervalMs = PURGE_INTERVAL_MS) {
  const run = () => {
    if (!isPrimary(ctx.config.LITEFS_DIR)) return 0;
    try {
      const purged = auth.purgeDueAccounts();
      if (purged > 0) ctx.log.info('deleted accounts past their deletion date', { purged });
      return purged;
    } catch (error) {
      ctx.log.error('account purge failed', { error: String(error) });
      return 0;
    }
  };
  run();
  return { run, ...repeatEvery(run, intervalMs) };
}
