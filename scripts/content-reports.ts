import { resolve } from 'node:path';
import { configOrExit } from '../src/boot';
import { CONTENT_DIR } from '../src/lib/content/dir';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { contentPlugins } from '../src/modules/index';
import { formatReports, locateContent } from '../src/modules/reports/listing';
import { openReports, resolveReport } from '../src/modules/reports/service';

/**
 * `bun run content:reports [--content DIR] [--resolve ID]`: the learners' open reports on content,
 * grouped by the file and line that hold each item now, under the path of the database read; `--resolve ID`
 * closes one.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const contentDir = option('--content') ?? CONTENT_DIR;

const config = configOrExit();
// Named in every answer: 'No open reports.' from the wrong database must not pass for an empty list.
const database = resolve(config.DATABASE_PATH);
const db = openDatabase(config.DATABASE_PATH);
migrateDatabase(db);

if (args.includes('--resolve')) {
  const id = option('--resolve');
  if (!id || !/^[1-9]\d{0,15}$/.test(id)) {
    console.error('--resolve needs the id of a report (the number after # in the list).');
    process.exit(2);
  }
  if (!resolveReport(db, Number(id), new Date())) {
    console.error(`There is no open report #${id} in ${database}.`);
    process.exit(1);
  }
  console.log(`Report #${id} is resolved.`);
} else {
  console.log(`Reports in ${database}:\n`);
  console.log(formatReports(openReports(db), locateContent(contentDir, contentPlugins)));
}
