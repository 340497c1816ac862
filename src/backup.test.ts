import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createTestApp } from '../tests/support/app';
import { startFakeS3 } from '../tests/fakes/s3';
import { writeTestContent } from '../tests/support/vocabulary';
import { backupBucket, backupJob, backupKey, backupsToKeep, type Backup } from './lib/backup';
import { DAY_MS, MINUTE_MS } from './lib/clock';
import { runJob } from './lib/jobs';
import { LATEST_INTERVAL_MS } from './lib/events';

const ROOT = resolve(import.meta.dir, '..');

/** Every row of every table, in insertion order: what a restore must bring back. */
function dump(path: string) {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.query("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, db.query(`select * from "${name}" order by rowid`).all()]));
  } finally {
    db.close();
  }
}

/** `bun run backup:restore`, as an operator runs it, against the fake bucket. */
async function restore(databasePath: string, env: Record<string, string>, args: string[] = []) {
  const child = Bun.spawn([process.execPath, 'run', 'backup:restore', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: databasePath, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { stdout, stderr, exitCode };
}

describe('backups', () => {
  const s3 = startFakeS3();
  // A small content folder: the backups' subject is the learners' progress, not content/.
  const t = createTestApp({ env: s3.env, content: writeTestContent() });
  afterAll(() => {
    t.close();
    s3.close();
  });

  const answer = async (cookie: string, wordId: number, correct: boolean) => {
    const res = await t.request('POST', `/api/words/${wordId}/progress`, { cookie, body: { correct, page: 'unified' } });
    expect(res.status).toBe(200);
  };

  let firstBackup: { key: string; at: Date; tables: ReturnType<typeof dump> };
  let secondBackup: { key: string; at: Date; tables: ReturnType<typeof dump> };

  beforeAll(async () => {
    const learners = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    const words = (await t.request('GET', '/api/words', { cookie: learners[0]!.cookie })).json as { id: number }[];
    for (const [i, learner] of learners.entries()) {
      for (const word of words.slice(i, i + 5)) await answer(learner.cookie, word.id, word.id % 3 !== 0);
    }
    // As for the second backup: the standings go out a moment after the answers, before the snapshot.
    await Bun.sleep(2 * LATEST_INTERVAL_MS);
    const job = backupJob(t.app.ctx)!;
    // Both backups are taken in the past, so the restore's default (now) finds the newer.
    t.clock.advance(-60 * MINUTE_MS);
    let at = t.clock.now();
    // A generation past every kept one: the run prunes it.
    await backupBucket(t.config)!.write(backupKey(new Date(at.getTime() - 40 * DAY_MS)), 'an old snapshot');
    firstBackup = { key: (await job.run())!, at, tables: dump(t.config.DATABASE_PATH) };

    // Answers after the first backup: only the second one holds them.
    for (const word of words.slice(10, 20)) await answer(learners[0]!.cookie, word.id, true);
    // The leaderboard's last standings go out a moment after the answers; the snapshot comes after them.
    await Bun.sleep(2 * LATEST_INTERVAL_MS);
    t.clock.advance(5 * MINUTE_MS);
    at = t.clock.now();
    secondBackup = { key: (await job.run())!, at, tables: dump(t.config.DATABASE_PATH) };
  });

  test('the job uploads a snapshot named by the time it was taken and prunes generations no longer kept', () => {
    expect(firstBackup.key).toBe(backupKey(firstBackup.at));
    expect(secondBackup.key).toBe(backupKey(secondBackup.at));
    expect(s3.keys()).toEqual([firstBackup.key, secondBackup.key]);
    expect(secondBackup.tables.user_progress!.length).toBe(firstBackup.tables.user_progress!.length + 10);
  });

  test('a restore refuses while the database is open, and replaces nothing', async () => {
    const result = await restore(t.config.DATABASE_PATH, s3.env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'is open in another process (is the server running?). Stop the server, then run the restore again; nothing was restored.',
    );
    expect(dump(t.config.DATABASE_PATH)).toEqual(secondBackup.tables);
  });

  test("with the server stopped (here: the volume lost), --at restores the backup of that time and the newest by default, every learner's progress included", async () => {
    const lost = join(mkdtempSync(join(tmpdir(), 'kalimat-lost-')), 'app.db');
    const between = new Date(firstBackup.at.getTime() + MINUTE_MS).toISOString();
    const older = await restore(lost, s3.env, ['--at', between]);
    expect(older.exitCode).toBe(0);
    expect(older.stdout).toContain(`Restoring ${firstBackup.key}, taken at ${firstBackup.at.toISOString()}.`);
    expect(dump(lost)).toEqual(firstBackup.tables);

    const newest = await restore(lost, s3.env);
    expect(newest.exitCode).toBe(0);
    expect(newest.stdout).toContain(`Restoring ${secondBackup.key}`);
    expect(dump(lost)).toEqual(secondBackup.tables);
    // What it replaced is kept beside it.
    const kept = /kept at (\S+)\./.exec(newest.stdout)![1]!;
    expect(dump(kept)).toEqual(firstBackup.tables);
    rmSync(dirname(lost), { recursive: true, force: true });
  });

  test('a backup that fails the integrity check is not restored', async () => {
    const broken = backupKey(new Date(secondBackup.at.getTime() + MINUTE_MS));
    await backupBucket(t.config)!.write(broken, 'SQLite format 3\0 but not really a database');
    const target = join(mkdtempSync(join(tmpdir(), 'kalimat-lost-')), 'app.db');
    const result = await restore(target, s3.env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`${broken} failed the integrity check`);
    expect(existsSync(target)).toBe(false);

    const early = await restore(target, s3.env, ['--at', '2001-01-01T00:00:00Z']);
    expect(early.exitCode).toBe(1);
    expect(early.stderr).toContain('No backup taken at or before 2001-01-01T00:00:00.000Z');
    rmSync(dirname(target), { recursive: true, force: true });
  });
});

describe('the backup job', () => {
  test('without BACKUP_BUCKET it says backups are off and takes none', async () => {
    const lines: string[] = [];
    const t = createTestApp({ content: false });
    try {
      expect(backupJob({ ...t.app.ctx, log: { ...t.app.ctx.log, info: (msg: string) => lines.push(msg) } })).toBeNull();
      expect(lines).toEqual(['backups are off: BACKUP_BUCKET is not set']);
    } finally {
      t.close();
    }
  });

  test('on a LiteFS replica it uploads nothing', async () => {
    const s3 = startFakeS3();
    const t = createTestApp({ content: false, env: s3.env });
    const mount = resolve(t.config.DATABASE_PATH, '..');
    await Bun.write(resolve(mount, '.primary'), 'primary-machine\n');
    try {
      const replica = { ...t.app.ctx, config: { ...t.config, LITEFS_DIR: mount } };
      expect(await runJob(replica, backupJob(replica)!)).toBeNull();
      expect(s3.requests).toEqual([]);
    } finally {
      t.close();
      s3.close();
    }
  });
});

describe('generations', () => {
  test('keeps every snapshot of the last hour, the newest of each hour for two days and of each day for 30 days', () => {
    const now = new Date('2026-11-23T17:32:00Z');
    const every5Minutes: Backup[] = [];
    for (let at = now.getTime() - 40 * DAY_MS; at <= now.getTime(); at += 5 * MINUTE_MS) {
      every5Minutes.push({ key: backupKey(new Date(at)), takenAt: new Date(at) });
    }
    const keep = backupsToKeep(every5Minutes, now);
    const ages = every5Minutes.filter((b) => keep.has(b.key)).map((b) => (now.getTime() - b.takenAt.getTime()) / MINUTE_MS);
    expect(ages.filter((age) => age <= 60)).toHaveLength(13);
    // Hours: the newest snapshot of each clock hour of the last two days (the current hour's is among the 13).
    expect(ages.filter((age) => age > 60 && age <= 48 * 60)).toHaveLength(47);
    // Days: the newest of each calendar day back to 30 days (today's and yesterday's are among the hours).
    expect(ages.filter((age) => age > 48 * 60)).toHaveLength(28);
    expect(Math.max(...ages)).toBeLessThanOrEqual(30 * 24 * 60);
    // Each kept hour holds its newest snapshot.
    expect(keep.has(backupKey(new Date('2026-11-22T12:57:00Z')))).toBe(true);
    expect(keep.has(backupKey(new Date('2026-11-22T12:52:00Z')))).toBe(false);
  });
});
