/**
 * The project's licence and its dependencies' (docs/decisions/0075-the-project-licence.md): every package
 * the app ships or runs in production fits GPL-3.0-or-later, and docs/licences.md lists them as installed.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fits, LICENCES_DOC, licenceTable, licencesPreamble, productionPackages, readPackage } from '../scripts/licences';

const root = resolve(import.meta.dir, '..');

describe('licences', () => {
  const packages = productionPackages();

  test('the project declares GPL-3.0-or-later, the licence of the voice it runs (espeak-ng)', () => {
    expect(readPackage(root).license).toBe('GPL-3.0-or-later');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toContain(
      'GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007',
    );
    expect(packages.find((p) => p.name === 'espeak-ng')?.license).toBe('GPL-3.0-or-later');
  });

  test('every production dependency is under a licence that fits GPL-3.0-or-later', () => {
    expect(packages.length).toBeGreaterThan(20);
    expect(packages.filter((p) => !fits(p.license)).map((p) => `${p.name}@${p.version}: ${p.license}`)).toEqual([]);
  });

  test('docs/licences.md lists the production dependencies as installed (`bun run licences` writes it)', () => {
    expect(readFileSync(LICENCES_DOC, 'utf8')).toBe(`${licencesPreamble()}${licenceTable(packages)}\n`);
  });

  test('an expression fits when one alternative does; a licence off the list, or none, does not', () => {
    expect(fits('(MIT OR GPL-2.0-only)')).toBe(true);
    expect(fits('GPL-2.0-only')).toBe(false);
    expect(fits('SSPL-1.0')).toBe(false);
    expect(fits('none declared')).toBe(false);
  });
});
