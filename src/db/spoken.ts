import { sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/**
 * The Arabic and arabizi of the first row of `table` whose arabizi (in any case) or Arabic is exactly
 * `text`: how each module finds the content a speech request may speak.
 */
export function rowSpeaking(db: Db, table: SQLiteTable, columns: { arabic: SQLiteColumn; arabizi: SQLiteColumn }, text: string) {
  const { arabic, arabizi } = columns;
  const row = db
    .select({ arabic, arabizi })
    .from(table)
    .where(sql`${arabizi} = ${text} collate nocase or ${arabic} = ${text}`)
    .limit(1)
    .get();
  return (row as { arabic: string; arabizi: string } | undefined) ?? null;
}
