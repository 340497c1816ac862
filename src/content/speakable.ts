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

/** The two voices of speech (`?voice=` on /api/tts). */
export type Voice = 'male' | 'female';

/**
 * A module whose content may be spoken: it finds the content text (arabizi or Arabic) a speech
 * request names, a free item before a premium one of the same text, or null when the text is none of
 * its own. The speech module asks each in turn.
 */
export interface SpeakableSource {
  speakableFor(text: string): Speakable | null;
}
