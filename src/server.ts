import { configOrExit, type Config } from './config';
import type { Db } from './db/client';
import { createApp } from './app';
import { prepareDatabase } from './boot';
import { moduleJobs } from './modules';
import { backupJob } from './lib/backup';
import { checkpointJob } from './lib/checkpoints';
import { startJobs } from './lib/jobs';
import { onShutdown, shutdown } from './lib/shutdown';

/** How soon browsers whose event stream a draining server ends reconnect (to another machine, or to this one restarted). */
export const DRAIN_RETRY_MS = 2000;
/** Requests still running this long after SIGTERM are cut; below fly.toml's kill_timeout (10 s). */
const DRAIN_TIMEOUT_MS = 7000;

/**
 * Serves the app until SIGTERM/SIGINT, then drains: stops taking requests, ends event streams with a
 * retry hint, lets requests in flight finish, runs the registered shutdown tasks (the last queued
 * writes are committed there), closes the database and exits 0.
 */
export function startServer(config: Config, db: Db) {
  const app = createApp({ config, db });
  app.listen({ port: config.PORT, hostname: config.HOST, maxRequestBodySize: 1024 * 1024 });
  // Answers already queued when SIGTERM comes are committed before the database closes.
  onShutdown(() => app.ctx.writes.drain());
  const lib = [backupJob(app.ctx), checkpointJob(app.ctx)].filter((job) => job !== null);
  const jobs = startJobs(app.ctx, [...moduleJobs(app.ctx, app.services), ...lib]);
  app.ctx.log.info('Kalimat is listening', { url: `http://localhost:${app.server?.port}`, database: config.DATABASE_PATH });

  let draining = false;
  const drain = async (signal: string) => {
    if (draining) return;
    draining = true;
    app.ctx.log.info('draining', { signal, streams: app.ctx.events.connections });
    jobs.stop();
    const stopped = app.stop();
    app.ctx.events.closeAll(DRAIN_RETRY_MS);
    const finished = await Promise.race([stopped.then(() => true), Bun.sleep(DRAIN_TIMEOUT_MS).then(() => false)]);
    if (!finished) {
      app.ctx.log.warn('requests still running at the drain timeout were cut');
      await app.server?.stop(true);
    }
    await shutdown((error) => app.ctx.log.error('shutdown task failed', { error: String(error) }));
    db.$client.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => drain('SIGTERM'));
  process.on('SIGINT', () => drain('SIGINT'));
  return app;
}

if (import.meta.main) {
  const config = configOrExit();
  startServer(config, prepareDatabase(config, { importContent: 'if-empty' }));
}
