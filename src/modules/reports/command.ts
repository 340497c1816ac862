import { resolve } from 'node:path';
import { configOrExit } from '../../config';
import { migrateDatabase, openDatabase } from '../../db/client';
import { contentDirOf } from '../../content/dir';
import { locateContent, type Place } from '../../content/places';
import type { ContentPlugin } from '../../content/types';
import { REASON_LABELS } from './rules';
import { openReports, resolveReport, type ReportView } from './service';

/**
 * The open reports grouped by the file that holds their item, in line order, each with its id,
 * reason, what the learner saw, the suggestion and the note; items no longer in content/ come last.
 */
export function formatReports(reports: ReportView[], places: Map<string, Place>): string {
  if (reports.length === 0) return 'No open reports.';
  const MISSING = '(no longer in content/)';
  const groups = new Map<string, { line: number; report: ReportView }[]>();
  for (const report of reports) {
    const place = places.get(report.contentKey);
    const file = place?.file ?? MISSING;
    groups.set(file, [...(groups.get(file) ?? []), { line: place?.line ?? 0, report }]);
  }
  const files = [...groups.keys()].sort((a, b) => (a === MISSING ? 1 : b === MISSING ? -1 : a.localeCompare(b)));
  const out: string[] = [];
  for (const file of files) {
    out.push(file);
    for (const { line, report } of groups.get(file)!.sort((a, b) => a.line - b.line || a.report.id - b.report.id)) {
      const where = file === MISSING ? report.contentKey : `${file}:${line}`;
      out.push(`  ${where}  #${report.id}  ${REASON_LABELS[report.reason]}: ${report.shown}`);
      if (report.suggestion) out.push(`      suggestion: ${report.suggestion}`);
      if (report.note) out.push(`      note: ${report.note.replace(/\s+/g, ' ')}`);
    }
  }
  out.push(
    '',
    `${reports.length} open ${reports.length === 1 ? 'report' : 'reports'}; close one with \`bun run content:reports --resolve ID\`.`,
  );
  return out.join('\n');
}

/**
 * `bun run content:reports [--content DIR] [--resolve ID]`: the learners' open reports on content,
 * grouped by the file and line that hold each item now, under the path of the database read; `--resolve ID`
 * closes one. Items are found through the plugins it is given (the module list's, scripts/content-reports.ts). The exit code.
 */
export function reportsCommand(args: string[], plugins: ContentPlugin<any>[]): number {
  const config = configOrExit();
  // Named in every answer: 'No open reports.' from the wrong database must not pass for an empty list.
  const database = resolve(config.DATABASE_PATH);
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);

  if (!args.includes('--resolve')) {
    console.log(`Reports in ${database}:\n`);
    console.log(formatReports(openReports(db), locateContent(contentDirOf(args), plugins)));
    return 0;
  }
  const id = args[args.indexOf('--resolve') + 1];
  if (!id || !/^[1-9]\d{0,15}$/.test(id)) {
    console.error('--resolve needs the id of a report (the number after # in the list).');
    return 2;
  }
  if (!resolveReport(db, Number(id), new Date())) {
    console.error(`There is no open report #${id} in ${database}.`);
    return 1;
  }
  console.log(`Report #${id} is resolved.`);
  return 0;
}
