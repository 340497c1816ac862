import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { speakableIndex, type SpeakableSource } from '../../content/speakable';
import { FREE_TENSE } from './free-tier';
import { topics, verbs, words } from './schema';

/**
 * The Arabic script and arabizi of a word or verb whose arabizi or Arabic is exactly the text: what
 * speech may say of vocabulary. A word outside the free tier (isFree in free-tier.ts) is premium; a
 * free word of the same text comes first, and a word before a verb's infinitive, which is free, as
 * verb topics are.
 */
export const speakableWords = (db: Db): SpeakableSource['speakableFor'] => {
  const premium = sql<boolean>`(${topics.isPremium} or (${words.isConjugation} and coalesce(${words.tense}, '') <> ${FREE_TENSE}))`.mapWith(
    Boolean,
  );
  const allWords = db
    .select({ arabic: words.arabicScript, arabizi: words.lebanese, premium })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .orderBy(asc(premium), asc(words.id))
    .prepare();
  const infinitives = db.select({ arabic: verbs.arabic, arabizi: verbs.infinitive }).from(verbs).orderBy(asc(verbs.id)).prepare();
  return speakableIndex(db.$client, () => [...allWords.all(), ...infinitives.all().map((verb) => ({ ...verb, premium: false }))]);
};
