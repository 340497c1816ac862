import { sqliteTable, text, index, integer } from 'drizzle-orm/sqlite-core';
import { id, instant, createdAt, json } from '../db/columns';

/** The e-mail outbox: every mail is stored; without SMTP it is only printed and listed at /api/dev/mail. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Headers beyond the usual ones (List-Unsubscribe of a reminder). */
    headers: json<Record<string, string>>('headers'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * The server-sent events of the last hour, in the database so that every process (every LiteFS machine,
 * through replication) delivers what any of them published, and a reconnecting tab can catch up.
 */
export const serverEvents = sqliteTable(
  'server_events',
  {
    id: id(),
    channel: text('channel').notNull(),
    /** Only this user receives it; null: everyone signed in. */
    userId: integer('user_id'),
    data: text('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('server_events_created_idx').on(t.createdAt)],
);
