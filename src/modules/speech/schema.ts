import { sqliteTable, text, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
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

/**
 * Clips recorded by an author (content/audio/<kind>/<key>.<ext>, docs/content-format.md), loaded by the
 * import, with the texts of the item they say, by which `/api/tts` finds them before any voice.
 */
export const recordedAudio = sqliteTable(
  'recorded_audio',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    arabizi: text('arabizi').notNull(),
    arabic: text('arabic').notNull(),
    contentType: text('content_type').notNull(),
    audio: blob('audio', { mode: 'buffer' }).notNull(),
    /** The clip's SHA-256 (hex, first 16 characters): its ETag and the version in its address. */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('recorded_audio_kind_key_unique').on(t.kind, t.key),
    index('recorded_audio_arabizi_idx').on(t.arabizi),
    index('recorded_audio_arabic_idx').on(t.arabic),
  ],
);
