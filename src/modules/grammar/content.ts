import * as v from 'valibot';
import type { ContentPlugin, KindStats, ParsedContent, TextField } from '../../content/types';
import { formatTable } from '../../content/table';
import { MINIMUMS } from '../../content/corpus';
import { readFrontMatter } from '../../content/front-matter';
import type { SourceDoc } from '../../content/yaml';
import { arabic, arabizi, checkNumberLetters, key, reportRepeats, slug, text } from '../../content/fields';
import { syncByKey } from '../../content/sync';
import { textAt } from '../../content/spelling';
import { verbKeysOf, verbLinksIn, wordKeysOf, wordLinksIn } from '../vocabulary/content';
import { grammarPages, type GrammarRow, type GrammarTable } from './schema';

const Row = v.strictObject({ arabizi: arabizi(), arabic: arabic(), english: text('English text') });

const FrontMatter = v.strictObject({
  key: v.pipe(
    key(),
    v.check((k) => k === slug(k), 'must be lower case letters, digits and "-" (e.g. "pronouns")'),
  ),
  title: text('the page title'),
  summary: text('a one-line summary'),
  order: v.pipe(v.number('must be a number'), v.integer('must be a whole number')),
  tables: v.pipe(
    v.array(
      v.strictObject({
        caption: text('a caption'),
        rows: v.pipe(v.array(Row, 'must be a list of rows'), v.minLength(1, 'must list at least one row')),
      }),
      'must be a list of tables',
    ),
    v.minLength(1, 'must have at least one table'),
  ),
  examples: v.pipe(v.array(Row, 'must be a list of examples'), v.minLength(1, 'must give at least one example')),
  words: v.optional(v.array(key(), 'must be a list of word keys (topic/word)')),
  verbs: v.optional(v.array(key(), 'must be a list of verb keys')),
});

export interface GrammarContent {
  file: string;
  lines: { key: number; words: number[]; verbs: number[] };
  page: { key: string; title: string; summary: string; body: string; orderIndex: number; tables: GrammarTable[]; examples: GrammarRow[] };
  wordKeys: string[];
  verbKeys: string[];
  texts: TextField[];
}

/** A row's texts for the spelling checks, with its number-letters checked against its Arabic. */
function rowTexts(doc: SourceDoc, path: (string | number)[], row: GrammarRow, report: Parameters<ContentPlugin['parse']>[1]): TextField[] {
  checkNumberLetters(doc, [...path, 'arabizi'], row.arabizi, row.arabic, report);
  return [
    textAt(doc, [...path, 'arabizi'], row.arabizi, 'arabizi', { arabic: row.arabic, english: row.english }),
    textAt(doc, [...path, 'english'], row.english, 'english'),
  ];
}

/** content/grammar/NN-<slug>.md: a grammar page, YAML front matter (tables, examples, links) above its Markdown explanation (docs/content-format.md). */
export const grammarContent: ContentPlugin<GrammarContent> = {
  kind: 'grammar',
  folder: 'grammar',
  extensions: ['.md'],
  parse(file, report) {
    const read = readFrontMatter(file, report, FrontMatter, { file: 'a grammar page', noBody: 'the page needs an explanation' });
    if (!read) return [];
    const { doc, data, bodyStart } = read;
    const body = read.body.trim();
    return [
      {
        file: file.path,
        lines: {
          key: doc.lineOf(['key']),
          words: (data.words ?? []).map((_, i) => doc.lineOf(['words', i])),
          verbs: (data.verbs ?? []).map((_, i) => doc.lineOf(['verbs', i])),
        },
        page: {
          key: data.key,
          title: data.title,
          summary: data.summary,
          body,
          orderIndex: data.order,
          tables: data.tables,
          examples: data.examples,
        },
        wordKeys: data.words ?? [],
        verbKeys: data.verbs ?? [],
        texts: [
          textAt(doc, ['title'], data.title, 'english'),
          textAt(doc, ['summary'], data.summary, 'prose'),
          ...data.tables.flatMap((table, t) => [
            textAt(doc, ['tables', t, 'caption'], table.caption, 'prose'),
            ...table.rows.flatMap((row, r) => rowTexts(doc, ['tables', t, 'rows', r], row, report)),
          ]),
          ...data.examples.flatMap((row, e) => rowTexts(doc, ['examples', e], row, report)),
          ...read.body
            .split('\n')
            .flatMap((line, n) =>
              line.trim() ? [{ file: file.path, line: bodyStart + n, field: '(body)', text: line, kind: 'prose' as const }] : [],
            ),
        ],
      },
    ];
  },
  check(items, all, report) {
    const wordKeys = new Set(wordKeysOf(all));
    const verbKeys = new Set(verbKeysOf(all));
    for (const item of items) {
      item.wordKeys.forEach((k, i) => {
        if (!wordKeys.has(k))
          report.error({
            file: item.file,
            line: item.lines.words[i],
            field: `words[${i}]`,
            message: `no word with key "${k}" in content/words (a key is "<topic key>/<word key>")`,
          });
      });
      item.verbKeys.forEach((k, i) => {
        if (!verbKeys.has(k))
          report.error({
            file: item.file,
            line: item.lines.verbs[i],
            field: `verbs[${i}]`,
            message: `no verb with key "${k}" in content/verbs`,
          });
      });
    }
    reportRepeats(
      items,
      (item) => item.page.key,
      (item) => ({ file: item.file, line: item.lines.key, field: 'key' }),
      (item) => `grammar page key "${item.page.key}"`,
      report,
    );
  },
  texts: (item) => item.texts,
  stats: (items, all) => grammarStats(items, all),
  apply(tx, items) {
    return syncByKey(
      tx,
      grammarPages,
      items.map((item) => ({ ...item.page, words: wordLinksIn(tx, item.wordKeys), verbs: verbLinksIn(tx, item.verbKeys) })),
      { keyField: 'key' },
    ).counts;
  },
};

/** Every grammar page's key, for the lessons and the dialogue lines that point at the page explaining them. */
export const grammarKeysOf = (all: Map<string, unknown[]>) => ((all.get('grammar') ?? []) as GrammarContent[]).map((item) => item.page.key);

/**
 * The lessons that point at a page: a lesson names its page by key (its `grammar`). Lessons come after
 * grammar in the module list, so their content is read by that one field rather than by its type.
 */
const lessonsOn = (all: ParsedContent, key: string) =>
  ((all.get('lessons') ?? []) as { lesson: { grammar: string | null } }[]).filter((l) => l.lesson.grammar === key).length;

/** The dialogue lines that point at a page (their `grammar`), read by that one field as the lessons are: dialogues come after grammar too. */
const dialogueLinesOn = (all: ParsedContent, key: string) =>
  ((all.get('dialogues') ?? []) as { lines: { grammar: string | null }[] }[]).flatMap((d) => d.lines).filter((l) => l.grammar === key)
    .length;

/** The grammar reference with the lessons and the dialogue lines that point at each page, for `bun run content:stats`. */
function grammarStats(items: GrammarContent[], all: ParsedContent): KindStats {
  const gaps: string[] = [];
  const pages = items.slice().sort((a, b) => a.page.orderIndex - b.page.orderIndex);
  const lines = [`Grammar pages: ${pages.length}`];
  if (pages.length > 0) {
    lines.push(
      formatTable(
        [
          ['order', 'page', 'tables', 'rows', 'examples', 'words', 'verbs', 'lessons', 'dialogue lines'],
          ...pages.map((p) => [
            p.page.orderIndex,
            p.page.title,
            p.page.tables.length,
            p.page.tables.reduce((n, t) => n + t.rows.length, 0),
            p.page.examples.length,
            p.wordKeys.length,
            p.verbKeys.length,
            lessonsOn(all, p.page.key),
            dialogueLinesOn(all, p.page.key),
          ]),
        ],
        [1],
      ),
    );
  }
  if (pages.length < MINIMUMS.grammarPages) gaps.push(`grammar: ${pages.length} pages (at least ${MINIMUMS.grammarPages})`);
  return { lines, gaps };
}
