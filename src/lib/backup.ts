import { Database } from 'bun:sqlite';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Config } from '../config';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './clock';
import type { AppContext } from './context';
import type { Job } from './jobs';

/** The recovery point: at most this much of learners' answers is lost with the database's volume. */
const BACKUP_INTERVAL_MS = 5 * MINUTE_MS;

/** Every snapshot of the last hour, then the newest of each hour for two days, then of each day for 30 days. */
const KEEP_ALL_MS = HOUR_MS;
const KEEP_HOURLY_MS = 2 * DAY_MS;
const KEEP_DAILY_MS = 30 * DAY_MS;

const PREFIX = 'backups/';
const KEY = /^backups\/app-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.db$/;

export interface Backup {
  key: string;
  takenAt: Date;
}

/** `backups/app-20261123T173000000Z.db`: names sort by the time they were taken. */
export const backupKey = (takenAt: Date) => `${PREFIX}app-${takenAt.toISOString().replace(/[-:.]/g, '')}.db`;

function parseKey(key: string): Backup | null {
  const m = KEY.exec(key);
  return m ? { key, takenAt: new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!)) } : null;
}

/** The bucket of BACKUP_BUCKET (Tigris on Fly, any S3-compatible store elsewhere), or null: no backups. */
export function backupBucket(config: Config): Bun.S3Client | null {
  if (!config.BACKUP_BUCKET) return null;
  return new Bun.S3Client({
    bucket: config.BACKUP_BUCKET,
    endpoint: config.AWS_ENDPOINT_URL_S3,
    accessKeyId: config.AWS_ACCESS_KEY_ID,
    secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
    region: config.AWS_REGION,
  });
}

/** Every backup in the bucket, oldest first. */
export async function listBackups(bucket: Bun.S3Client): Promise<Backup[]> {
  const backups: Backup[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await bucket.list({ prefix: PREFIX, continuationToken });
    for (const object of page.contents ?? []) {
      const backup = parseKey(object.key);
      if (backup) backups.push(backup);
    }
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  return backups.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/**
 * The generations worth keeping at `now`: every snapshot of the last hour, the newest of each hour of the
 * last two days and the newest of each day of the last 30 days. The newest snapshot is always kept.
 */
export function backupsToKeep(backups: Backup[], now: Date): Set<string> {
  const keep = new Set<string>();
  const newestOf = new Map<string, Backup>();
  for (const backup of backups) {
    const age = now.getTime() - backup.takenAt.getTime();
    if (age <= KEEP_ALL_MS) keep.add(backup.key);
    const iso = backup.takenAt.toISOString();
    if (age <= KEEP_HOURLY_MS) newestOf.set(`hour ${iso.slice(0, 13)}`, backup);
    if (age <= KEEP_DAILY_MS) newestOf.set(`day ${iso.slice(0, 10)}`, backup);
  }
  for (const backup of newestOf.values()) keep.add(backup.key);
  const newest = backups.at(-1);
  if (newest) keep.add(newest.key);
  return keep;
}

/**
 * A consistent copy of the database (`VACUUM INTO` reads one transaction) in a temporary directory. It
 * runs in a worker: a large database takes seconds to copy, and the server keeps answering meanwhile.
 */
async function snapshot(databasePath: string, into: string) {
  const worker = new Worker(new URL('./backup-worker.ts', import.meta.url));
  try {
    const result = await new Promise<{ error?: string }>((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ databasePath, into });
    });
    if (result.error) throw new Error(result.error);
  } finally {
    worker.terminate();
  }
}

/** Takes a snapshot, uploads it as the backup of `now`, then deletes the generations no longer kept. */
export async function runBackup(databasePath: string, bucket: Bun.S3Client, now: Date): Promise<{ key: string; pruned: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-backup-'));
  const key = backupKey(now);
  try {
    const file = join(dir, 'app.db');
    await snapshot(databasePath, file);
    await bucket.write(key, Bun.file(file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const backups = await listBackups(bucket);
  const keep = backupsToKeep(backups, now);
  const pruned = backups.filter((backup) => !keep.has(backup.key));
  for (const backup of pruned) await bucket.delete(backup.key);
  return { key, pruned: pruned.length };
}

/** `pragma integrity_check` of a database file: 'ok', or what is wrong with it. */
export function integrityOf(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db.query('pragma integrity_check').all() as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

/**
 * Backs the database up as the server starts and every 5 minutes while this machine is the primary; replicas skip, as the lease can
 * move. Without BACKUP_BUCKET it only says that backups are off (no job). A backup still running when the
 * next is due makes that one skip.
 */
export function backupJob(ctx: AppContext, bucket = backupBucket(ctx.config)): Job<Promise<string | null>> | null {
  if (!bucket) {
    ctx.log.info('backups are off: BACKUP_BUCKET is not set');
    return null;
  }
  let running = false;
  return {
    name: 'database backup',
    everyMs: BACKUP_INTERVAL_MS,
    primaryOnly: true,
    // Also as the primary starts: a deploy or a restart after a crash is when a fresh copy is worth most.
    atStart: true,
    async run() {
      if (running) return null;
      running = true;
      try {
        const { key, pruned } = await runBackup(ctx.config.DATABASE_PATH, bucket, ctx.clock.now());
        ctx.log.info('database backed up', { key, pruned });
        return key;
      } finally {
        running = false;
      }
    },
  };
}

export class DatabaseInUse extends Error {}

/**
 * Puts `source` in place of the database file, for a local restore with the server stopped. Leaving WAL mode
 * needs every other connection closed, so its refusal shows the database is still open somewhere (a server
 * started meanwhile is not seen). The previous database is kept beside it; returns its path (null: none).
 */
export function replaceStoppedDatabase(databasePath: string, source: string, now: Date): string | null {
  let kept: string | null = null;
  if (existsSync(databasePath)) {
    const probe = new Database(databasePath);
    try {
      probe.exec('PRAGMA journal_mode = DELETE');
    } catch {
      throw new DatabaseInUse(`The database ${databasePath} is open in another process (is the server running?).`);
    } finally {
      probe.close();
    }
    kept = `${databasePath}.before-restore-${now.toISOString().replace(/[-:.]/g, '')}`;
    renameSync(databasePath, kept);
  }
  for (const stale of ['-wal', '-shm', '-journal']) rmSync(`${databasePath}${stale}`, { force: true });
  mkdirSync(dirname(databasePath), { recursive: true });
  copyFileSync(source, `${databasePath}.restoring`);
  renameSync(`${databasePath}.restoring`, databasePath);
  return kept;
}
