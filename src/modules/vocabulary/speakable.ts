import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowSpeaking } from '../../db/spoken';
import type { SpeakableSource } from '../../content/speakable';
import { FREE_TENSE } from './free-tier';
import { topics, verbs, words } from './schema';

/**
 * The Arabic script and arabizi of a word or verb whose arabizi or Arabic is exactly the text: what
 * speech may say of vocabulary. A word outside the free tier (isFree in free-tier.ts) is premium; a
 * free word of the same text comes first. A verb's infinitive is free, as verb topics are.
 */
export const speakableWords = (db: Db): SpeakableSource['speakableFor'] => {
  const premium = sql<boolean>`(${topics.isPremium} or (${words.isConjugation} and coalesce(${words.tense}, '') <> ${FREE_TENSE}))`.mapWith(
    Boolean,
  );
  const word = db
    .select({ arabic: words.arabicScript, arabizi: words.lebanese, premium })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(sql`${words.lebanese} = ${sql.placeholder('text')} collate nocase or ${words.arabicScript} = ${sql.placeholder('text')}`)
    .orderBy(asc(premium))
    .limit(1)
    .prepare();
  return (text) => {
    const found = word.get({ text });
    if (found) return found;
    const verb = rowSpeaking(db, verbs, { arabic: verbs.arabic, arabizi: verbs.infinitive }, text);
    return verb && { ...verb, premium: false };
  };
};
