import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Db, Tx } from '../db/client';
import { RECORDABLE_KIND, type ContentFile, type ContentIssue, type ContentPlugin, type Counts, type ParsedContent } from './types';
import { contentChanged } from './memo';
import { checkSpelling, loadSpelling, SPELLING_KIND, vocabularyOf } from './spelling';
import { checkSecondSpellings } from './second-spellings';
import { checkArabicSpelling } from './arabic-spelling';
import { checkOtherDialects, loadOtherDialects } from './other-dialects';

export interface ImportResult {
  ok: boolean;
  errors: ContentIssue[];
  warnings: ContentIssue[];
  counts: { kind: string; files: number; counts: Counts }[];
  dryRun: boolean;
}

function filesUnder(root: string, folder: string, extensions: string[], binary = false): ContentFile[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  const found: ContentFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (name.startsWith('.')) continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (extensions.includes(extname(name)))
        found.push(
          binary
            ? { path: relative(root, full), text: '', bytes: new Uint8Array(readFileSync(full)) }
            : { path: relative(root, full), text: readFileSync(full, 'utf8') },
        );
    }
  };
  walk(dir);
  return found;
}

/** A plugin's one file at the content root, when the content has it. */
const fileAt = (root: string, name: string): ContentFile[] =>
  existsSync(join(root, name)) ? [{ path: name, text: readFileSync(join(root, name), 'utf8') }] : [];

export interface ValidatedContent {
  errors: ContentIssue[];
  warnings: ContentIssue[];
  parsed: ParsedContent;
  fileCounts: Map<string, number>;
}

/**
 * The validation pass alone: reads and checks every file of every kind (and every text against the
 * spelling table, content/spelling.yaml, for second spellings, and against content/other-dialects.yaml),
 * writing nothing. The import
 * runs it first; `bun run content:stats` counts what it parsed.
 */
export function validateContent(contentDir: string, plugins: ContentPlugin[]): ValidatedContent {
  const errors: ContentIssue[] = [];
  const warnings: ContentIssue[] = [];
  const report = { error: (i: ContentIssue) => errors.push(i), warn: (i: ContentIssue) => warnings.push(i) };
  const parsed: ParsedContent = new Map();
  const fileCounts = new Map<string, number>();
  const spelling = loadSpelling(contentDir, report);
  parsed.set(SPELLING_KIND, [spelling]);

  for (const plugin of plugins) {
    const files = plugin.file ? fileAt(contentDir, plugin.file) : filesUnder(contentDir, plugin.folder, plugin.extensions, plugin.binary);
    fileCounts.set(plugin.kind, files.length);
    parsed.set(
      plugin.kind,
      files.flatMap((file) => plugin.parse(file, report)),
    );
  }
  // What may be recorded, from every kind, for the recorded audio's check (a clip names an item by its key).
  parsed.set(
    RECORDABLE_KIND,
    plugins.flatMap((plugin) => (plugin.recordable ? parsed.get(plugin.kind)!.flatMap((item) => plugin.recordable!(item)) : [])),
  );
  for (const plugin of plugins) plugin.check?.(parsed.get(plugin.kind)!, parsed, report);
  const texts = plugins.flatMap((plugin) => (plugin.texts ? parsed.get(plugin.kind)!.flatMap((item) => plugin.texts!(item)) : []));
  const vocabulary = vocabularyOf(texts, spelling);
  checkSpelling(spelling, vocabulary, texts, report);
  checkSecondSpellings(spelling, texts, report);
  checkArabicSpelling(texts, report);
  checkOtherDialects(loadOtherDialects(contentDir, report), texts, report);
  return { errors, warnings, parsed, fileCounts };
}

/**
 * Loads content/ through every module's plugin: all files are validated first and nothing is written
 * if any has an error; then one transaction applies every kind in order (later kinds may point at
 * earlier ones), upserting on stable keys so learners' progress stays.
 */
export function runImport(db: Db, contentDir: string, plugins: ContentPlugin[], opts: { dryRun?: boolean } = {}): ImportResult {
  const { errors, warnings, parsed, fileCounts } = validateContent(contentDir, plugins);

  const result = (counts: ImportResult['counts']): ImportResult => ({
    ok: errors.length === 0,
    errors,
    warnings,
    counts,
    dryRun: !!opts.dryRun,
  });
  if (errors.length > 0) return result([]);

  const apply = (tx: Tx) =>
    plugins.map((plugin) => ({
      kind: plugin.kind,
      files: fileCounts.get(plugin.kind)!,
      counts: plugin.apply(tx, parsed.get(plugin.kind)!, parsed),
    }));

  if (opts.dryRun) {
    // A dry run computes the same counts inside a transaction that is always rolled back.
    let counts: ImportResult['counts'] = [];
    try {
      db.transaction((tx) => {
        counts = apply(tx);
        throw new DryRunRollback();
      });
    } catch (error) {
      if (!(error instanceof DryRunRollback)) throw error;
    }
    return result(counts);
  }
  const applied = result(db.transaction(apply));
  contentChanged();
  return applied;
}

class DryRunRollback extends Error {}

export function formatIssue(issue: ContentIssue) {
  return `${issue.file}:${issue.line}: ${issue.field}: ${issue.message}`;
}
