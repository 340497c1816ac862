import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import matter from 'gray-matter';
import { configOrExit } from '../../config';
import { migrateDatabase, openDatabase } from '../../db/client';
import { contentDirOf } from '../dir';
import { validateContent } from '../importer';
import { parseYaml, type Path, type SourceDoc } from '../yaml';
import { contentPlugins } from '../../modules';
import type { LessonContent } from '../../modules/lessons/content';
import type { SentenceContent } from '../../modules/sentences/content';
import type { TopicWords, VerbContent } from '../../modules/vocabulary/content';
import { REASON_LABELS } from '../../modules/reports/rules';
import { openReports, resolveReport, type ReportView } from '../../modules/reports/service';

export interface Place {
  file: string;
  line: number;
}

/**
 * Where every item of content/ is now, by its stable key: the file and line that hold it. Read at
 * listing time, so a report follows its item when the item moves to another file or line.
 * Keys are the ones the content plugins give (a lesson step is `lesson-key#index`).
 */
export function locateContent(contentDir: string): Map<string, Place> {
  const { parsed } = validateContent(contentDir, contentPlugins);
  const places = new Map<string, Place>();
  const docs = new Map<string, SourceDoc | null>();
  const ignore = { error() {}, warn() {} };
  /** The file parsed again for its lines (a lesson's front matter keeps the file's line numbers). */
  const docOf = (file: string) => {
    if (!docs.has(file)) {
      const text = readFileSync(join(contentDir, file), 'utf8');
      const yaml = file.endsWith('.md') ? matter(text, { excerpt: false }).matter : text;
      docs.set(file, parseYaml({ path: file, text }, ignore, yaml));
    }
    return docs.get(file);
  };
  const place = (key: string, file: string, path: Path) => places.set(key, { file, line: docOf(file)?.lineOf(path) ?? 1 });

  for (const topic of (parsed.get('words') ?? []) as TopicWords[]) topic.words.forEach((w, i) => place(w.key, topic.file, ['words', i]));
  for (const verb of (parsed.get('verbs') ?? []) as VerbContent[]) for (const c of verb.conjugations) place(c.key, verb.file, c.path);
  for (const s of (parsed.get('sentences') ?? []) as SentenceContent[]) places.set(s.sentence.key, { file: s.file, line: s.line });
  for (const lesson of (parsed.get('lessons') ?? []) as LessonContent[]) lesson.steps.forEach((_, i) => place(`${lesson.lesson.key}#${i}`, lesson.file, ['steps', i]));
  return places;
}

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
  out.push('', `${reports.length} open ${reports.length === 1 ? 'report' : 'reports'}; close one with \`bun run content:reports --resolve ID\`.`);
  return out.join('\n');
}

/**
 * `bun run content:reports [--content DIR] [--resolve ID]`: the learners' open reports on content,
 * grouped by the file and line that hold each item now, under the path of the database read; `--resolve ID`
 * closes one. The exit code.
 */
export function reportsCommand(args: string[]): number {
  const config = configOrExit();
  // Named in every answer: 'No open reports.' from the wrong database must not pass for an empty list.
  const database = resolve(config.DATABASE_PATH);
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);

  if (!args.includes('--resolve')) {
    console.log(`Reports in ${database}:\n`);
    console.log(formatReports(openReports(db), locateContent(contentDirOf(args))));
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
