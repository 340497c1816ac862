import { Database } from 'bun:sqlite';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The queries name the modules' tables themselves (query builder, not `db.query`), so no schema is registered. */
export type Db = BunSQLiteDatabase & { $client: Database };
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = resolve(import.meta.dir, '..', '..', 'drizzle');

/**
 * Opens the database with WAL, foreign keys and a busy timeout. synchronous=NORMAL: in WAL mode it
 * survives a process crash (LiteFS replicates committed transactions) and is several times faster
 * than FULL for the small transactions of every answer.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true, strict: true });
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  // Every write of the group commit runs in its own savepoint, whose undo pages would otherwise go to a
  // temporary file: kept in memory, an answer's memory card costs it a third of what it did (docs/decisions/0014).
  sqlite.exec('PRAGMA temp_store = MEMORY');
  return drizzle({ client: sqlite }) as Db;
}

/**
 * Applies the migrations with foreign keys off, then checks them. drizzle-kit changes a SQLite table by
 * rebuilding it, and dropping the old table with foreign keys on deletes the rows of every table pointing
 * at it (a lesson's progress when `lessons` is rebuilt); the migration's own `PRAGMA foreign_keys=OFF`
 * does nothing inside the migrator's transaction, so they are switched off around it.
 */
export function migrateDatabase(db: Db) {
  db.$client.exec('PRAGMA foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const broken = db.$client.query('PRAGMA foreign_key_check').all() as { table: string; parent: string }[];
    if (broken.length > 0)
      throw new Error(
        `The migrations left rows pointing at missing ones: ${[...new Set(broken.map((b) => `${b.table} -> ${b.parent}`))].join(', ')}`,
      );
  } finally {
    db.$client.exec('PRAGMA foreign_keys = ON');
  }
}
