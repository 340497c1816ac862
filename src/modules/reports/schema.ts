import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { id, instant, createdAt } from '../../db/columns';
import { users } from '../auth/schema';
import { REPORT_REASONS } from './rules';
/** The kinds of content a report can be about. */
export const REPORTED_KINDS = ['word', 'verb_form', 'sentence', 'lesson_step'] as const;
export type ReportedKind = (typeof REPORTED_KINDS)[number];

/**
 * A learner's report on an item of content (docs/decisions/0010). It names the item by its stable
 * content key, not its row id, so it survives re-imports; `shown` keeps the item as the learner saw it.
 * A report outlives its author's account.
 */
export const contentReports = sqliteTable(
  'content_reports',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: REPORTED_KINDS }).notNull(),
    contentKey: text('content_key').notNull(),
    shown: text('shown').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    suggestion: text('suggestion'),
    note: text('note'),
    createdAt: createdAt(),
    resolvedAt: instant('resolved_at'),
  },
  (t) => [index('content_reports_open_idx').on(t.resolvedAt, t.contentKey), index('content_reports_user_idx').on(t.userId, t.createdAt)],
);
