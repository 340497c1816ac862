import type { Db } from '../../db/client';
import { rowSpeaking } from '../../db/spoken';
import { verbs, words } from './schema';
import type { SpeakableSource } from '../../content/speakable';

/** The Arabic script and arabizi of a word or verb whose arabizi or Arabic is exactly the text: what speech may say of vocabulary. */
export const speakableWords =
  (db: Db): SpeakableSource['speakableFor'] =>
  (text) =>
    rowSpeaking(db, words, { arabic: words.arabicScript, arabizi: words.lebanese }, text) ??
    rowSpeaking(db, verbs, { arabic: verbs.arabic, arabizi: verbs.infinitive }, text);
