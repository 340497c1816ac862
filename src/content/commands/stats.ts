import { contentDirOf } from '../dir';
import { validateContent, type ValidatedContent } from '../importer';
import { spellingOf } from '../spelling';
import type { ContentPlugin } from '../types';

/**
 * What content/ holds: the files of every kind, each plugin's figures and tables in the list's order
 * (its `stats`), the spelling table, then every shortfall against the corpus minimums, so a gap shows at
 * a glance. A file whose fields do not validate is left out of the counts and named with its number of errors instead.
 */
export function contentStats(content: ValidatedContent, plugins: ContentPlugin<any>[]): { text: string; gaps: string[] } {
  const gaps: string[] = [];
  const files = [...content.fileCounts].map(([kind, n]) => `${kind} ${n}`).join(', ');
  const out = [`Files: ${files}; ${content.errors.length} error(s), ${content.warnings.length} warning(s)`];

  for (const plugin of plugins) {
    const kind = plugin.stats?.(content.parsed.get(plugin.kind) ?? [], content.parsed);
    if (!kind) continue;
    out.push('', ...kind.lines);
    gaps.push(...kind.gaps);
  }

  // The spelling table (content/spelling.yaml).
  const spelling = spellingOf(content.parsed);
  out.push('', `Spelling table: ${spelling.entries.length} words, ${spelling.byVariant.size} variants`);

  // Files with errors come first: the import refuses them all.
  const broken = new Map<string, number>();
  for (const e of content.errors) broken.set(e.file, (broken.get(e.file) ?? 0) + 1);
  gaps.unshift(...[...broken].sort().map(([file, n]) => `${file}: ${n} error(s): see \`bun run import --dry-run\``));

  out.push(
    '',
    gaps.length ? `Gaps (${gaps.length}):\n${gaps.map((g) => `  ! ${g}`).join('\n')}` : 'No gaps: every minimum of the corpus is met.',
  );
  if (content.warnings.length) out.push(`${content.warnings.length} spelling warning(s): see \`bun run import --dry-run\`.`);
  return { text: out.join('\n'), gaps };
}

/**
 * `bun run content:stats [--content DIR]`: counts content/ per kind through the plugins it is given (the
 * module list's, scripts/content-stats.ts), by the same validation as the import and without touching
 * the database. The exit code: 1 when a file has errors.
 */
export function statsCommand(args: string[], plugins: ContentPlugin<any>[]): number {
  const content = validateContent(contentDirOf(args), plugins);
  console.log(contentStats(content, plugins).text);
  return content.errors.length > 0 ? 1 : 0;
}
