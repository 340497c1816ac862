import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, json } from '../../db/columns';

/** A line of a grammar page's table or one of its examples: arabizi, Arabic and English side by side. */
export interface GrammarRow {
  arabizi: string;
  arabic: string;
  english: string;
}
export interface GrammarTable {
  caption: string;
  rows: GrammarRow[];
}
/** A word or a verb the page points at, as the import found it, with the topic page that holds it. */
export interface GrammarLink {
  arabizi: string;
  english: string;
  topic: string;
}

/** The grammar reference (content/grammar): one row per page, its tables, examples and links as the import wrote them. */
export const grammarPages = sqliteTable(
  'grammar_pages',
  {
    id: id(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    orderIndex: integer('order_index').notNull(),
    tables: json<GrammarTable[]>('tables').notNull(),
    examples: json<GrammarRow[]>('examples').notNull(),
    words: json<GrammarLink[]>('words').notNull(),
    verbs: json<GrammarLink[]>('verbs').notNull(),
  },
  (t) => [uniqueIndex('grammar_pages_key_unique').on(t.key), index('grammar_pages_order_idx').on(t.orderIndex)],
);
