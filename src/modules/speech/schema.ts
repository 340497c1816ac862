import { sqliteTable, text, blob, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, createdAt } from '../../db/columns';

/** Synthesized speech, one clip per text and voice, so a text is synthesized once. */
export const speechCache = sqliteTable(
  'speech_cache',
  {
    id: id(),
    textHash: text('text_hash').notNull(),
    text: text('text').notNull(),
    provider: text('provider').notNull(),
    contentType: text('content_type').notNull(),
    audio: blob('audio', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('speech_cache_text_provider_unique').on(t.textHash, t.provider)],
);
