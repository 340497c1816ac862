import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';

const root = mkdtempSync(join(tmpdir(), 'kalimat-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const { forbidden } = require('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

/** A tree of files, each one line, cruised with the repository's rules; the rules it breaks, as `rule: from -> to`. */
async function broken(files: Record<string, string>) {
  const dir = mkdtempSync(join(root, 'tree-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = await cruise(
    ['src'],
    { baseDir: dir, ruleSet: { forbidden }, validate: true, tsPreCompilationDeps: true, parser: 'swc' },
    { extensions: ['.ts', '.tsx'] },
  );
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const module = {
  'src/modules/words/service.ts': 'export const words = { list: () => [] };',
  'src/modules/words/schema.ts': 'export interface WordRow { id: number }',
  'src/modules/words/rules.ts': 'export const LIMIT = 20;',
  'src/modules/words/model.ts': 'export const Word = { id: 0 };',
};

test('the browser may read a module’s rules and models, and nothing else of it, not even a type', async () => {
  expect(
    await broken({
      ...module,
      'src/web/allowed.ts':
        "import { LIMIT } from '../modules/words/rules';\nimport type { Word } from '../modules/words/model';\nexport const shown: typeof Word | number = LIMIT;",
      'src/web/features/words/service-type.ts':
        "import type { words } from '../../../modules/words/service';\nexport type Words = ReturnType<typeof words.list>;",
      'src/web/lib/schema-type.ts': "import type { WordRow } from '../../modules/words/schema';\nexport type Row = WordRow;",
    }),
  ).toEqual([
    'client-reads-the-contract: src/web/features/words/service-type.ts -> src/modules/words/service.ts',
    'client-reads-the-contract: src/web/lib/schema-type.ts -> src/modules/words/schema.ts',
  ]);
});
