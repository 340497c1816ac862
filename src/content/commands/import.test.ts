import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentSandbox, lettersFile as letters } from '../../../tests/support/content';

const { fixture } = contentSandbox();
const root = resolve(import.meta.dir, '../../..');

/** `bun run import` as an author runs it, on a fixture folder and a database path of its own. */
function runImportCommand(contentDir: string, databasePath: string, ...args: string[]) {
  const child = Bun.spawnSync([process.execPath, 'scripts/import.ts', '--content', contentDir, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' },
  });
  return { exitCode: child.exitCode, stdout: child.stdout.toString(), stderr: child.stderr.toString() };
}

/** Each run starts Bun and loads the whole module list: more than the default 5 s on a busy machine. */
const SPAWNING = 30_000;

describe('bun run import', () => {
  test(
    'a broken file: each error as file:line: field: message, exit code 1, and no database created by a dry run',
    () => {
      const dir = fixture({ 'letters/letters.yaml': letters.replace('arabic: ع', 'arabic: ""') });
      const databasePath = join(fixture({}), 'app.db');
      const run = runImportCommand(dir, databasePath, '--dry-run');
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain('error: letters/letters.yaml:3: letters[0].arabic: must not be empty');
      expect(run.stderr).toContain('1 error(s); nothing was written.');
      expect(existsSync(databasePath)).toBe(false);
    },
    SPAWNING,
  );

  test(
    'valid content: the table of counts, then an unchanged re-run',
    () => {
      const dir = fixture({ 'letters/letters.yaml': letters });
      const databasePath = join(fixture({}), 'app.db');
      const first = runImportCommand(dir, databasePath);
      expect(first.exitCode).toBe(0);
      expect(first.stdout).toMatch(/letters\s+1\s+1\s+0\s+0\s+0/);
      const again = runImportCommand(dir, databasePath);
      expect(again.stdout).toMatch(/letters\s+1\s+0\s+0\s+1\s+0/);
    },
    SPAWNING,
  );
});
