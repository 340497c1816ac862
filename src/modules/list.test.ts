import { expect, test } from 'bun:test';
import { Glob } from 'bun';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { join } from 'node:path';
import { modules } from './index';

const tableNames = (exports: Record<string, unknown>) => Object.values(exports).filter((value) => is(value, SQLiteTable)).map((table) => getTableName(table as SQLiteTable));

/** drizzle-kit reads every module's schema.ts (drizzle.config.ts); the list must declare the same tables, each once. */
test('the module list declares exactly the tables drizzle-kit migrates', async () => {
  const declared = modules.flatMap((module) => tableNames(module.tables));
  const migrated: string[] = [];
  for await (const file of new Glob('*/schema.ts').scan(import.meta.dir)) migrated.push(...tableNames(await import(join(import.meta.dir, file))));
  expect(new Set(declared).size).toBe(declared.length);
  expect(declared.sort()).toEqual(migrated.sort());
});

test('every module is in the list once, and each names only modules of the list', () => {
  const names: string[] = modules.map((module) => module.name);
  expect(new Set(names).size).toBe(names.length);
  for (const module of modules) for (const name of [...module.needs, ...module.routes.needs]) expect(names).toContain(name);
});
