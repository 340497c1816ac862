import { afterEach, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { checkpointJob } from './checkpoints';
import { runJob } from './jobs';
import { createLogger } from './log';
import { shutdown } from './shutdown';

const dirs: string[] = [];
const opened: Db[] = [];
afterEach(async () => {
  await shutdown();
  for (const db of opened.splice(0)) db.$client.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A server's database file with rows written in many small commits: all of them still in the log. */
function serverDatabase(opts: { replica?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-checkpoints-'));
  dirs.push(dir);
  if (opts.replica) writeFileSync(join(dir, '.primary'), 'primary-machine\n');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(dir, 'app.db'), LITEFS_DIR: dir });
  const db = openDatabase(config.DATABASE_PATH);
  opened.push(db);
  const job = checkpointJob({ config })!;
  db.$client.exec('create table answers (id integer primary key, word text)');
  const insert = db.$client.prepare('insert into answers (word) values (?)');
  for (let i = 0; i < 300; i++) db.$client.transaction(() => insert.run(`kifak ${i}`))();
  insert.finalize();
  return { dir, config, db, job };
}

/** The rows a copy of the database file alone holds: what has left the log. */
function rowsInDatabaseFile(dir: string) {
  const copy = join(dir, 'copy.db');
  copyFileSync(join(dir, 'app.db'), copy);
  const db = new Database(copy, { readonly: true });
  try {
    return (db.query("select count(*) as n from sqlite_master where name = 'answers'").get() as { n: number }).n === 0
      ? 0
      : (db.query('select count(*) as n from answers').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('database checkpoints off the request thread', () => {
  test('the worker copies every committed page of the log into the database file', async () => {
    const { dir, job } = serverDatabase();
    expect(rowsInDatabaseFile(dir)).toBe(0);
    const result = await job.run();
    expect(result!.frames).toBeGreaterThan(300);
    expect(result!.checkpointed).toBe(result!.frames);
    expect(rowsInDatabaseFile(dir)).toBe(300);
  });

  test("on shutdown the worker closes its connection first, so the server's, the last, folds the log in and removes it", async () => {
    const { dir, config, db, job } = serverDatabase();
    await job.run();
    await shutdown();
    db.$client.close();
    opened.splice(opened.indexOf(db), 1);
    expect(existsSync(`${config.DATABASE_PATH}-wal`)).toBe(false);
    expect(rowsInDatabaseFile(dir)).toBe(300);
  });

  test('a replica leaves its database to LiteFS', async () => {
    const { dir, config, job } = serverDatabase({ replica: true });
    expect(await runJob({ config, log: createLogger('silent') }, job)).toBeNull();
    expect(rowsInDatabaseFile(dir)).toBe(0);
  });

  test('an in-memory database has no log to copy', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: ':memory:' });
    expect(checkpointJob({ config })).toBeNull();
  });
});
