import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDatabase, openDatabase } from './client';

const dir = mkdtempSync(join(tmpdir(), 'kalimat-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a database file opens in WAL mode with foreign keys on, a busy timeout and temporary pages in memory, and migrates twice without change', () => {
  const db = openDatabase(join(dir, 'nested', 'app.db'));
  const pragma = (name: string) => Object.values(db.$client.query(`PRAGMA ${name}`).get() as object)[0];
  expect(pragma('journal_mode')).toBe('wal');
  expect(pragma('foreign_keys')).toBe(1);
  expect(pragma('busy_timeout')).toBe(5000);
  expect(pragma('temp_store')).toBe(2);
  migrateDatabase(db);
  const tables = () => db.$client.query("select count(*) as n from sqlite_master where type = 'table'").get();
  const before = tables();
  migrateDatabase(db);
  expect(tables()).toEqual(before);
  expect(() => db.$client.run('insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)', ['s', 999, 0, 0])).toThrow(
    /FOREIGN KEY/,
  );
  db.$client.close();
});
