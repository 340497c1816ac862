import type { Config } from './config';
import type { Db } from './db/client';
import { createApp } from './app';
import { configOrExit, prepareDatabase } from './boot';
import { startPurgeJob } from './modules/auth/purge';
import { startTrialExpiryJob } from './modules/billing/service';

/** Serves the app until SIGTERM/SIGINT, then stops taking requests and closes the database. */
export function startServer(config: Config, db: Db) {
  const app = createApp({ config, db });
  app.listen({ port: config.PORT, hostname: config.HOST, maxRequestBodySize: 1024 * 1024 });
  const jobs = [startPurgeJob(app.ctx, app.services.auth), startTrialExpiryJob(app.ctx, app.services.billing)];
  app.ctx.log.info('Kalimat is listening', { url: `http://localhost:${app.server?.port}`, database: config.DATABASE_PATH });

  const shutdown = async () => {
    for (const job of jobs) job.stop();
    await app.stop();
    db.$client.close();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  return app;
}

if (import.meta.main) {
  const config = configOrExit();
  startServer(config, prepareDatabase(config, { importContent: 'if-empty' }));
}
