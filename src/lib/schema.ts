import { sqliteTable, text, index } from 'drizzle-orm/sqlite-core';
import { id, instant, createdAt } from '../db/columns';

/** The e-mail outbox: every mail is stored; without SMTP it is only printed and listed at /api/dev/mail. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
