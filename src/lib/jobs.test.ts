import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { runJob, startJobs, type Job } from './jobs';
import { WriteQueue } from './writes';
import { createLogger } from './log';

function context(opts: { replica: boolean }) {
  const mount = mkdtempSync(join(tmpdir(), 'kalimat-jobs-'));
  if (opts.replica) writeFileSync(join(mount, '.primary'), 'primary-machine\n');
  const errors: string[] = [];
  const log = { ...createLogger('silent'), error: (message: string) => errors.push(message) };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(mount, 'app.db'), LITEFS_DIR: mount });
  return { ctx: { config, log }, errors };
}

function job(overrides: Partial<Job> = {}) {
  const seen: string[] = [];
  const defined: Job = {
    name: 'test job',
    everyMs: 60_000,
    primaryOnly: true,
    run: () => seen.push('run'),
    skip: () => seen.push('skip'),
    ...overrides,
  };
  return { defined, seen };
}

describe('the job runner', () => {
  test('runs a primary-only job on the primary, and on a replica asks it to skip instead', () => {
    const onPrimary = job();
    runJob(context({ replica: false }).ctx, onPrimary.defined);
    expect(onPrimary.seen).toEqual(['run']);
    const onReplica = job();
    runJob(context({ replica: true }).ctx, onReplica.defined);
    expect(onReplica.seen).toEqual(['skip']);
  });

  test('a LiteFS mount that cannot be read (its process died) logs the turn as failed instead of throwing from the timer', () => {
    const { ctx, errors } = context({ replica: false });
    mkdirSync(join(ctx.config.LITEFS_DIR!, '.primary'));
    const unreadable = job();
    expect(runJob(ctx, unreadable.defined)).toBeNull();
    expect([unreadable.seen, errors]).toEqual([[], ['test job failed']]);
  });

  test('runs a job that is not primary-only on a replica too', () => {
    const everywhere = job({ primaryOnly: false });
    runJob(context({ replica: true }).ctx, everywhere.defined);
    expect(everywhere.seen).toEqual(['run']);
  });

  test('logs a failure, thrown or rejected, under the job name and never throws', async () => {
    const { ctx, errors } = context({ replica: false });
    expect(
      runJob(
        ctx,
        job({
          run: () => {
            throw new Error('disk full');
          },
        }).defined,
      ),
    ).toBeNull();
    expect(await runJob(ctx, job({ name: 'async job', run: () => Promise.reject(new Error('network')) }).defined)).toBeNull();
    expect(errors).toEqual(['test job failed', 'async job failed']);
  });

  test('a job that keeps up with the writes also runs after commits of the write queue, at most as often as it asks, until stopped', async () => {
    const { ctx } = context({ replica: false });
    const client = new Database(':memory:');
    client.exec('create table answers (id integer primary key)');
    const writes = new WriteQueue(client);
    const insert = () => writes.run(() => client.run('insert into answers default values'));
    const afterCommits = job({ afterCommitsEveryMs: 50 });
    const jobs = startJobs({ ...ctx, writes }, [afterCommits.defined]);
    await insert();
    expect(afterCommits.seen).toEqual(['run']);
    await insert();
    expect(afterCommits.seen).toEqual(['run']);
    await Bun.sleep(60);
    await insert();
    expect(afterCommits.seen).toEqual(['run', 'run']);
    jobs.stop();
    await Bun.sleep(60);
    await insert();
    expect(afterCommits.seen).toEqual(['run', 'run']);
    client.close();
  });
});
