import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { words } from './schema';

/** A word or verb form as content names it: its stable key, and what a learner sees of it. */
export interface WordItem {
  key: string;
  isConjugation: boolean;
  english: string;
  lebanese: string;
}

/**
 * The content key of a word or verb form by its id, for reports on content (docs/decisions/0010): a
 * row id changes when content is re-created, the key written in content/ does not.
 */
export function createWordKeys({ db }: AppContext) {
  const byId = db
    .select({ key: words.key, isConjugation: words.isConjugation, english: words.english, lebanese: words.lebanese })
    .from(words)
    .where(eq(words.id, sql.placeholder('id')))
    .prepare();
  return {
    wordItem(id: number): WordItem | null {
      return byId.get({ id }) ?? null;
    },

    /** The ids of the words of these content keys (a conversation's words, added to review). */
    wordIds(keys: string[]): number[] {
      if (keys.length === 0) return [];
      return db
        .select({ id: words.id })
        .from(words)
        .where(inArray(words.key, keys))
        .all()
        .map((w) => w.id);
    },
  };
}

export type WordKeys = ReturnType<typeof createWordKeys>;
