/**
 * What speech may say: a content text's Arabic script and its arabizi (which says how Lebanese
 * pronounce it), and the voice it is said in where the content gives one (a dialogue's speaker).
 */
export interface Speakable {
  arabic: string;
  arabizi: string;
  voice?: Voice;
}

/** The two voices of speech (`?voice=` on /api/tts). */
export type Voice = 'male' | 'female';

/**
 * A module whose content may be spoken: it finds the content text (arabizi or Arabic) a speech
 * request names, or null when the text is none of its own. The speech module asks each in turn.
 */
export interface SpeakableSource {
  speakableFor(text: string): Speakable | null;
}
