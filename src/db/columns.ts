import { integer, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';

/** Shared column shapes: ids, instants (ms since epoch), flags. */
export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const instant = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
export const flag = (name: string, fallback = false) => integer(name, { mode: 'boolean' }).notNull().default(fallback);
export const count = (name: string) => integer(name).notNull().default(0);
export const json = <T>(name: string) => text(name, { mode: 'json' }).$type<T>();
