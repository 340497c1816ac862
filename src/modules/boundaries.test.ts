import { describe, expect, test } from 'bun:test';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '../..');
const fixtures = join(root, 'tests/fixtures/boundaries');

/** The rules the real boundary check (.dependency-cruiser.cjs) breaks in a fixture tree, as `rule: from -> to`. */
function violationsIn(fixture: string): string[] {
  const run = Bun.spawnSync(
    [
      process.execPath,
      '--bun',
      join(root, 'node_modules/.bin/depcruise'),
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
      'src',
    ],
    { cwd: join(fixtures, fixture), stdout: 'pipe', stderr: 'pipe' },
  );
  const { summary } = JSON.parse(run.stdout.toString()) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

// Each fixture breaks one rule on purpose (tests/fixtures is left out of the real check, of knip and of tsc).
describe('the boundary check fails', () => {
  test('on a cycle made of types alone', () => {
    expect(violationsIn('type-only-cycle')).toEqual(['no-cycles: src/lib/lesson.ts -> src/lib/step.ts']);
  });

  test('on a module importing the module list', () => {
    expect(violationsIn('module-list')).toEqual(['modules-do-not-import-the-list: src/modules/streak/service.ts -> src/modules/index.ts']);
  });

  test("on an import running back up the modules' order, a type's included", () => {
    expect(violationsIn('back-up-the-order')).toEqual([
      'modules-down-the-order: src/modules/streak/service.ts -> src/modules/vocabulary/service.ts',
    ]);
  });

  test('on an import running back up the layers: the shared layer to content (a type included), content to the modules or to the top', () => {
    expect(violationsIn('back-up-the-layers')).toEqual([
      'content-below-modules: src/content/commands/import.ts -> src/modules/index.ts',
      'shared-layer-below-content: src/lib/module.ts -> src/content/types.ts',
      'top-imported-by-none-below: src/content/commands/import.ts -> src/boot.ts',
    ]);
  });

  test("on a schema naming another module's tables", () => {
    expect(violationsIn('foreign-key')).toEqual([
      'no-foreign-key-across-modules: src/modules/lessons/schema.ts -> src/modules/vocabulary/schema.ts',
    ]);
  });
});
