import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { instant } from '../../db/columns';
import { users } from '../auth/schema';

/**
 * The answers applied by their idempotency key, per learner and kind of answer, with the reply each
 * got: a save the browser sends again (its reply was lost) is answered with that reply and never
 * counts twice (docs/decisions/0043-one-save-queue.md). Kept 30 days (`ANSWER_KEY_DAYS`).
 */
export const answerKeys = sqliteTable(
  'answer_keys',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Which answer route took it ('word', 'letter', 'lesson', 'sentence', 'listening'): one key never answers for another route. */
    kind: text('kind').notNull().default('word'),
    key: text('key').notNull(),
    result: text('result').notNull(),
    appliedAt: instant('applied_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] }), index('answer_keys_applied_idx').on(t.appliedAt)],
);
