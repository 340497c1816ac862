/**
 * `bun run licences`: writes docs/licences.md, the licence of every package the app ships or runs in
 * production. `src/licences.test.ts` checks that the list is current and that every licence fits the
 * project's own, GPL-3.0-or-later (docs/decisions/0075-the-project-licence.md). Development tools
 * (devDependencies) build and test the app but are not part of it, and are not walked.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
export const LICENCES_DOC = join(root, 'docs/licences.md');

/** Licences a GPL-3.0-or-later work may include (the FSF's list of GPLv3-compatible licences; OFL for the bundled font). */
const FITS_GPL_3 = new Set([
  'GPL-3.0-or-later',
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'MPL-2.0',
  'Unlicense',
  '0BSD',
  'CC0-1.0',
  'OFL-1.1',
  'BlueOak-1.0.0',
]);

type Installed = { name: string; version: string; license: string };
type PackageJson = {
  name: string;
  version: string;
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

export function readPackage(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** Node's resolution: the nearest node_modules folder, up from the requiring package, that has the name. */
function locate(name: string, from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === dirname(dir)) return null;
  }
}

/** The production dependency tree as installed; an optional dependency for another platform is absent and skipped. */
export function productionPackages(): Installed[] {
  const found = new Map<string, Installed>();
  const visit = (name: string, from: string) => {
    const dir = locate(name, from);
    if (dir === null || found.has(dir)) return;
    const pkg = readPackage(dir);
    found.set(dir, { name: pkg.name, version: pkg.version, license: pkg.license ?? 'none declared' });
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, dir);
  };
  for (const dep of Object.keys(readPackage(root).dependencies ?? {})) visit(dep, root);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** An SPDX expression fits when one of its `OR` alternatives is on the list. */
export function fits(license: string) {
  return license
    .replace(/[()]/g, '')
    .split(/\s+OR\s+/)
    .some((alternative) => FITS_GPL_3.has(alternative.trim()));
}

export function licenceTable(packages: Installed[]) {
  const rows = packages.map((p) => `| ${p.name} | ${p.version} | ${p.license} |`);
  return ['| package | version | licence |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The doc's text before its table, which this command keeps as written. */
export function licencesPreamble() {
  const doc = readFileSync(LICENCES_DOC, 'utf8');
  return doc.slice(0, doc.indexOf('| package |'));
}

if (import.meta.main) {
  writeFileSync(LICENCES_DOC, `${licencesPreamble()}${licenceTable(productionPackages())}\n`);
  console.log(`Wrote ${LICENCES_DOC}`);
}
