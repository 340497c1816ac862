import type { Database } from 'bun:sqlite';
import { contentMemo } from './memo';
/**
 * What speech may say: a content text's Arabic script and its arabizi (which says how Lebanese
 * pronounce it), and the voice it is said in where the content gives one (a dialogue's speaker).
 */
export interface Speakable {
  arabic: string;
  arabizi: string;
  voice?: Voice;
  /** Premium content: said only to a learner with a trial or subscription (docs/product-rules.md#tiers). */
  premium: boolean;
}

/**
 * The voices of speech (`?voice=` on /api/tts): a man's and a woman's, and a second of each, so the
 * second speaker of one gender in a dialogue sounds like another person (docs/decisions/0070-a-voice-for-a-conversation.md).
 */
export const VOICES = ['male', 'female', 'male-2', 'female-2'] as const;
export type Voice = (typeof VOICES)[number];

/** How fast a clip is said (`?speed=` on /api/tts): the slower speed is asked for on cards and in the listening drill. */
export const SPEEDS = ['normal', 'slow'] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * A module whose content may be spoken: it finds the content text (arabizi or Arabic) a speech
 * request names, a free item before a premium one of the same text, or null when the text is none of
 * its own. The speech module asks each in turn.
 */
export interface SpeakableSource {
  speakableFor(text: string): Speakable | null;
}

/**
 * A source's texts found by their arabizi (in any case) or their Arabic exactly, the first of a text
 * winning (so a source lists its free items first). The lookup is built from the content once and kept
 * until the content may have changed (contentMemo): speech asks every source on every clip, and a scan
 * of the tables on the server's thread for each of a crowd's requests held it (docs/decisions/0066).
 */
export function speakableIndex(client: Database, texts: () => Speakable[]): (text: string) => Speakable | null {
  const index = contentMemo(client, () => {
    const found = new Map<string, Speakable>();
    for (const speakable of texts()) {
      for (const key of [speakable.arabizi.toLowerCase(), speakable.arabic]) if (!found.has(key)) found.set(key, speakable);
    }
    return found;
  });
  return (text) => index().get(text.toLowerCase()) ?? index().get(text) ?? null;
}
