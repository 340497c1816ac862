/**
 * `bun run backup:restore [--at TIME]`: fetches the newest backup taken at or before TIME (an ISO date and
 * time; default now), checks it with `pragma integrity_check`, and restores it. With LITEFS_DIR (on Fly) it
 * runs `litefs import` on the primary, which every machine then serves, the server running; without, it
 * replaces DATABASE_PATH's file, and the server must be stopped first. Exits 1, restoring nothing, on any
 * problem.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { configOrExit } from '../src/config';
import { backupBucket, DatabaseInUse, integrityOf, listBackups, replaceStoppedDatabase } from '../src/lib/backup';
import { primaryHost } from '../src/lib/litefs';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({ options: { at: { type: 'string' } } });
const at = values.at === undefined ? new Date() : new Date(values.at);
if (Number.isNaN(at.getTime())) fail(`--at ${values.at}: not a date and time (e.g. 2026-11-23T17:30:00Z)`);

const config = configOrExit();
const bucket =
  backupBucket(config) ??
  fail('Backups are not configured: set BACKUP_BUCKET and the AWS_* variables (docs/operations.md, "Backups and the restore drill").');
const primary = primaryHost(config.LITEFS_DIR);
if (primary) fail(`This machine is a LiteFS replica; run the restore on the primary (${primary}).`);

const reach = <T>(step: Promise<T>) =>
  step.catch((error) => fail(`The bucket ${config.BACKUP_BUCKET} did not answer (${error}); nothing was restored.`));
const backups = await reach(listBackups(bucket));
const chosen = backups.filter((backup) => backup.takenAt <= at).at(-1);
if (!chosen)
  fail(
    backups.length === 0
      ? `No backups in ${config.BACKUP_BUCKET}.`
      : `No backup taken at or before ${at.toISOString()}; the oldest is from ${backups[0]!.takenAt.toISOString()}.`,
  );
console.log(`Restoring ${chosen.key}, taken at ${chosen.takenAt.toISOString()}.`);

const dir = mkdtempSync(join(tmpdir(), 'kalimat-restore-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, 'app.db');
await reach(Bun.write(file, bucket.file(chosen.key)));
let integrity: string;
try {
  integrity = integrityOf(file);
} catch (error) {
  integrity = String(error);
}
if (integrity !== 'ok')
  fail(`${chosen.key} failed the integrity check (${integrity}); nothing was restored. Choose an earlier backup with --at.`);

if (config.LITEFS_DIR) {
  const imported = Bun.spawnSync(['litefs', 'import', '-name', basename(config.DATABASE_PATH), file], {
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if (imported.exitCode !== 0) fail('litefs import failed; the database is unchanged.');
  console.log(`Imported into LiteFS as ${basename(config.DATABASE_PATH)}: every machine now serves the restored database.`);
} else {
  try {
    const kept = replaceStoppedDatabase(config.DATABASE_PATH, file, new Date());
    console.log(`Restored into ${config.DATABASE_PATH}.${kept ? ` The previous database is kept at ${kept}.` : ''} Start the server.`);
  } catch (error) {
    if (error instanceof DatabaseInUse) fail(`${error.message} Stop the server, then run the restore again; nothing was restored.`);
    throw error;
  }
}
