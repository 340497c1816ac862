import { describe, expect, spyOn, test } from 'bun:test';
import { join } from 'node:path';
import { generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { migrateDatabase, openDatabase } from '../../db/client';
import { contentPluginsOf, modules } from '../../modules';
import { contentSandbox, lettersFile } from '../../../tests/support/content';
import { proverbsModule } from '../../../tests/fixtures/content-kind/proverbs/module';
import * as proverbTables from '../../../tests/fixtures/content-kind/proverbs/schema';
import { locateContent } from '../places';
import { importCommand } from './import';
import { statsCommand } from './stats';

const { fixture } = contentSandbox();

// Adding a content kind touches its module's folder and nothing else (docs/decisions/0077-content-in-one-home.md):
// the fixture module (tests/fixtures/content-kind/proverbs) joins the list the way a module does, and the
// commands pick its kind up with no other file changed.
const plugins = contentPluginsOf([...modules, proverbsModule]);

const sayings = `proverbs:
  - key: neighbour-first
    arabizi: el jar 2abel el dar
    arabic: الجار قبل الدار
    english: The neighbour before the house.
  - key: delay-brings-good
    arabizi: kel te2khira fiya khira
    arabic: كل تأخيرة فيها خيرة
    english: Every delay has some good in it.
`;

/** A database as `bun run db:generate` would leave it once the module's schema.ts is added: the app's migrations and the new table's. */
async function databaseWithProverbs() {
  const path = join(fixture({}), 'app.db');
  const db = openDatabase(path);
  migrateDatabase(db);
  for (const statement of await generateSQLiteMigration(
    await generateSQLiteDrizzleJson({}),
    await generateSQLiteDrizzleJson(proverbTables),
  ))
    db.run(statement);
  return { path, db };
}

/** Runs a command as its script does, with DATABASE_PATH set and what it prints collected. */
function run(command: () => number, databasePath: string) {
  const before = process.env.DATABASE_PATH;
  process.env.DATABASE_PATH = databasePath;
  const printed: string[] = [];
  const log = spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  try {
    return { exitCode: command(), out: printed.join('\n') };
  } finally {
    log.mockRestore();
    process.env.DATABASE_PATH = before;
  }
}

describe('a new content kind declared in its own module folder', () => {
  test('import --dry-run validates and counts it without writing it; the import writes it', async () => {
    const content = fixture({ 'proverbs/sayings.yaml': sayings, 'letters/letters.yaml': lettersFile });
    const { path, db } = await databaseWithProverbs();
    const proverbsIn = () =>
      db
        .select()
        .from(proverbTables.proverbs)
        .all()
        .map((row) => row.key);

    const dryRun = run(() => importCommand(['--dry-run', '--content', content], plugins), path);
    expect(dryRun.exitCode).toBe(0);
    expect(dryRun.out).toMatch(/^proverbs\s+1\s+2\s+0\s+0\s+0$/m);
    expect(proverbsIn()).toEqual([]);

    expect(run(() => importCommand(['--content', content], plugins), path).exitCode).toBe(0);
    expect(proverbsIn().sort()).toEqual(['delay-brings-good', 'neighbour-first']);
  });

  test('import --dry-run refuses a broken file of the kind, naming file, line and field', async () => {
    const content = fixture({ 'proverbs/sayings.yaml': sayings.replace('arabic: الجار قبل الدار', 'arabic: ""') });
    const { path } = await databaseWithProverbs();
    const errors: string[] = [];
    const error = spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    try {
      expect(run(() => importCommand(['--dry-run', '--content', content], plugins), path).exitCode).toBe(1);
    } finally {
      error.mockRestore();
    }
    expect(errors).toContain('error: proverbs/sayings.yaml:4: proverbs[0].arabic: must not be empty');
  });

  test('content:stats counts its files, prints its figures and lists its gap', async () => {
    const content = fixture({ 'proverbs/sayings.yaml': sayings });
    const { path } = await databaseWithProverbs();
    const stats = run(() => statsCommand(['--content', content], plugins), path);
    expect(stats.exitCode).toBe(0);
    expect(stats.out).toContain(', proverbs 1; 0 error(s)');
    expect(stats.out.split('\n')).toContain('Proverbs: 2 (neighbour-first, delay-brings-good)');
    expect(stats.out).toContain('  ! proverbs: 2 (at least 3)');
  });

  test('content:reports finds its items by their keys', () => {
    const places = locateContent(fixture({ 'proverbs/sayings.yaml': sayings }), plugins);
    expect(places.get('delay-brings-good')).toEqual({ file: 'proverbs/sayings.yaml', line: 6 });
  });
});
