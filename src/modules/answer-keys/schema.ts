import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { instant } from '../../db/columns';
import { users } from '../auth/schema';

/**
 * The answers applied by their idempotency key, per learner and kind of answer, with the item each named
 * and the reply it got: a save the browser sends again (its reply was lost) is answered with that reply
 * and never counts twice; the same key sent for another item is refused (docs/decisions/0043-one-save-queue.md,
 * docs/decisions/0068-keys-bound-to-their-item.md). Kept 30 days (`ANSWER_KEY_DAYS`).
 */
export const answerKeys = sqliteTable(
  'answer_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which answer route took it ('word', 'letter', 'lesson', 'sentence', 'listening', 'speaking', 'dialogue'): one key never answers for another route. */
    kind: text('kind').notNull().default('word'),
    key: text('key').notNull(),
    /** The item the answer was about (a word's, letter's, lesson's, sentence's or dialogue's id); null for a key kept before items were stored, which answers for any. */
    target: integer('target'),
    result: text('result').notNull(),
    appliedAt: instant('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] }), index('answer_keys_applied_idx').on(t.appliedAt)],
);
