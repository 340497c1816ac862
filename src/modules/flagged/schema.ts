import { sqliteTable, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, count } from '../../db/columns';
import { users } from '../auth/schema';

/**
 * A learner's practice list (docs/product-rules.md#flagged-words): a row means flagged. `correctInFlagged` counts
 * correct answers in the flagged section; at 3 the row goes. `wordId` is a vocabulary word's id, no
 * foreign key (docs/decisions/0050-modules-depend-one-way.md): vocabulary checks the word before it
 * flags, and shows only the flagged words it still holds.
 */
export const flaggedWords = sqliteTable(
  'flagged_words',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id').notNull(),
    correctInFlagged: count('correct_in_flagged'),
    flaggedAt: instant('flagged_at').notNull(),
  },
  (t) => [uniqueIndex('flagged_words_user_word_unique').on(t.userId, t.wordId), index('flagged_words_word_idx').on(t.wordId)],
);
