import { expect, test } from 'bun:test';
import { Glob } from 'bun';
import { getTableName, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { modules } from './index';

const tableNames = (exports: Record<string, unknown>) =>
  Object.values(exports)
    .filter((value) => is(value, SQLiteTable))
    .map((table) => getTableName(table as SQLiteTable));

/** drizzle-kit reads every module's schema.ts (drizzle.config.ts); the list must declare the same tables, each once. */
test('the module list declares exactly the tables drizzle-kit migrates', async () => {
  const declared = modules.flatMap((module) => tableNames(module.tables));
  const migrated: string[] = [];
  for await (const file of new Glob('*/schema.ts').scan(import.meta.dir))
    migrated.push(...tableNames(await import(join(import.meta.dir, file))));
  expect(new Set(declared).size).toBe(declared.length);
  expect(declared.sort()).toEqual(migrated.sort());
});

test('every module is in the list once, and each names only modules of the list', () => {
  const names: string[] = modules.map((module) => module.name);
  expect(new Set(names).size).toBe(names.length);
  for (const module of modules) for (const name of [...module.needs, ...module.routes.needs]) expect(names).toContain(name);
});

const depcruise = require('../../.dependency-cruiser.cjs') as { forbidden: { name: string; from: { path: string } }[] };

// The list's order, which the boundary check holds imports to (.dependency-cruiser.cjs), also holds what a
// module is handed: no module both calls and is called by another (docs/decisions/0050-modules-depend-one-way.md).
test('the list names every module folder once, by its folder, and each module needs only modules before it', () => {
  const folders = readdirSync(import.meta.dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const names: string[] = modules.map((module) => module.name);
  expect([...names].sort()).toEqual(folders.sort());
  modules.forEach((module, place) => {
    for (const name of module.needs)
      expect({ [module.name]: name, before: names.indexOf(name) < place }).toEqual({ [module.name]: name, before: true });
    for (const name of module.routes.needs)
      expect({ [module.name]: name, before: names.indexOf(name) <= place }).toEqual({ [module.name]: name, before: true });
  });
});

test('the boundary check reads the same order from the list', () => {
  const downTheOrder = depcruise.forbidden.filter((rule) => rule.name === 'modules-down-the-order').map((rule) => rule.from.path);
  expect(downTheOrder).toEqual(modules.slice(0, -1).map((module) => `^src/modules/${module.name}/`));
});
