import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The shared layer serves the features and knows none of them: nothing in src/lib imports from src/modules. */
test('src/lib imports nothing from src/modules', () => {
  const offenders = readdirSync(import.meta.dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => /from\s+['"][./]*(\.\.\/)+modules\//.test(readFileSync(join(import.meta.dir, file), 'utf8')));
  expect(offenders).toEqual([]);
});
