import { asc, eq, sql } from 'drizzle-orm';
import { speakableIndex } from '../../content/speakable';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { grammarPages, type GrammarLink, type GrammarRow, type GrammarTable } from './schema';

export interface GrammarPageSummary {
  key: string;
  title: string;
  summary: string;
}

export interface GrammarPageView extends GrammarPageSummary {
  body: string;
  tables: GrammarTable[];
  examples: GrammarRow[];
  words: GrammarLink[];
  verbs: GrammarLink[];
}

/** The grammar reference (content/grammar): the list of pages, a page, and what of it speech may say. */
export function createGrammarService(ctx: AppContext) {
  const { db } = ctx;
  const summaries = db
    .select({ key: grammarPages.key, title: grammarPages.title, summary: grammarPages.summary })
    .from(grammarPages)
    .orderBy(asc(grammarPages.orderIndex), asc(grammarPages.id))
    .prepare();
  const pageByKey = db
    .select()
    .from(grammarPages)
    .where(eq(grammarPages.key, sql.placeholder('key')))
    .prepare();
  const allRows = db.select({ tables: grammarPages.tables, examples: grammarPages.examples }).from(grammarPages).prepare();

  return {
    list(): GrammarPageSummary[] {
      return summaries.all();
    },
    get(key: string): GrammarPageView {
      const page = pageByKey.get({ key });
      if (!page) throw notFound('Grammar page not found');
      const { key: k, title, summary, body, tables, examples, words, verbs } = page;
      return { key: k, title, summary, body, tables, examples, words, verbs };
    },
    /** The row of a table or an example whose arabizi (in any case) or Arabic is exactly the text: what speech may say of grammar (free, as the reference is). */
    speakableFor: speakableIndex(db.$client, () =>
      allRows
        .all()
        .flatMap((page) => [...page.tables.flatMap((t) => t.rows), ...page.examples])
        .map((row) => ({ arabic: row.arabic, arabizi: row.arabizi, premium: false })),
    ),
  };
}

export type GrammarService = ReturnType<typeof createGrammarService>;
