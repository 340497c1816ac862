import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { sentAlikeExcept, type JsonText } from '../../lib/compression';
import { notFound, unauthorized } from '../../lib/errors';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { FlaggedService } from '../flagged/service';
import type { Batches } from './batches';
import type { Catalogue } from './catalogue';
import { isFree, type Tier } from './free-tier';
import { ANONYMOUS_DECK_SIZE, FREE_TIER_WORDS, verbTopicName } from './rules';
import { topicProgress, topics, userProgress, verbs, words } from './schema';
import { NONE_FLAGGED, iso, wordColumns, wordView, type TopicCard, type VerbView, type WordView } from './views';

const asFlagged = (w: WordView): WordView => ({ ...w, isFlagged: true });

/** What a learner is shown of words, topics and verbs: the content of their tier, with their flags and progress. */
export function createWords(
  { db, clock }: AppContext,
  deps: { billing: BillingService; flagged: FlaggedService; catalogue: Catalogue; tier: Tier; batches: Batches },
) {
  const { billing, flagged, catalogue } = deps;
  const { hasPremium } = deps.tier;
  const P = sql.placeholder;

  const topicByName = db
    .select()
    .from(topics)
    .where(sql`${topics.name} = ${P('name')} collate nocase`)
    .prepare();
  const wordsOfTopic = db
    .select(wordColumns)
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(eq(words.topicId, P('topicId')))
    .orderBy(asc(words.sortOrder), asc(words.id))
    .prepare();

  const topicBatchesOf = db
    .select({
      topic: topics.name,
      batch: words.batch,
      words: sql<number>`count(*)`,
      answeredRight: sql<number>`count(${userProgress.id})`,
    })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .leftJoin(userProgress, and(eq(userProgress.wordId, words.id), eq(userProgress.userId, P('userId')), gt(userProgress.timesCorrect, 0)))
    .where(eq(words.isConjugation, false))
    .groupBy(topics.name, words.batch)
    .prepare();
  const firstWords = db
    .select({ id: words.id, english: words.english, lebanese: words.lebanese })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(eq(topics.name, P('topic')))
    .orderBy(asc(words.batch), asc(words.sortOrder), asc(words.id))
    .limit(P('count'))
    .prepare();

  /** The deck of a learner's tier and batch as everyone there shares it, and the words they flagged. */
  function deckAndFlags(user: User | null): { deck: WordView[]; flaggedIds: ReadonlySet<number> } {
    if (!user) return { deck: catalogue.deckView(1, false, ANONYMOUS_DECK_SIZE), flaggedIds: NONE_FLAGGED };
    const premium = hasPremium(user);
    const { batch } = deps.batches.batchOf(user);
    const deck = premium ? catalogue.deckView(batch, true, -1) : catalogue.deckView(batch, false, FREE_TIER_WORDS);
    return { deck, flaggedIds: flagged.wordIdSet(user.id) };
  }

  return {
    /**
     * All Words: the vocabulary of the unlocked batches; after the trial the first 20 free words; for an
     * anonymous visitor the 10-word deck of free words.
     */
    deckFor(user: User | null): WordView[] {
      const { deck, flaggedIds } = deckAndFlags(user);
      if (flaggedIds.size === 0) return deck;
      return deck.map((w) => (flaggedIds.has(w.id) ? asFlagged(w) : w));
    },

    /** All Words as sent: the deck the tier shares, each flagged word's JSON swapped in (the list learners ask for most). */
    deckAsSent(user: User | null): WordView[] | JsonText<WordView[]> {
      const { deck, flaggedIds } = deckAndFlags(user);
      if (flaggedIds.size === 0) return deck;
      return sentAlikeExcept(deck, (w) => flaggedIds.has(w.id), asFlagged);
    },

    topicNames(includeVerbs: boolean): string[] {
      return db
        .select({ name: topics.name })
        .from(topics)
        .where(includeVerbs ? undefined : eq(topics.isVerb, false))
        .orderBy(asc(topics.sortOrder), asc(topics.name))
        .all()
        .map((t) => t.name);
    },

    topicCards(user: User | null): TopicCard[] {
      const premium = hasPremium(user);
      const { cards, totals } = catalogue.topicShelf(premium);
      const progress = new Map(
        user
          ? db
              .select()
              .from(topicProgress)
              .where(eq(topicProgress.userId, user.id))
              .all()
              .map((p) => [p.topicId, p])
          : [],
      );
      return cards.map((card) => {
        const totalWords = totals.get(card.id) ?? 0;
        const p = progress.get(card.id);
        return {
          ...card,
          progress: { totalWords, wordsLearned: Math.min(totalWords, p?.wordsLearned ?? 0), lastPracticed: iso(p?.lastPracticed) },
        };
      });
    },

    /**
     * A topic's words. A premium topic needs a trial or subscription (401 signed out, 402 after the
     * trial); a verb topic after the trial holds only its present tense.
     */
    topicWords(user: User | null, name: string): WordView[] {
      const topic = topicByName.get({ name });
      if (!topic) throw notFound('This topic does not exist.');
      const premium = hasPremium(user);
      if (topic.isPremium) {
        if (!user) throw unauthorized();
        billing.requirePremium(user, clock.now());
      }
      const flaggedIds = user ? flagged.wordIdSet(user.id) : NONE_FLAGGED;
      return wordsOfTopic
        .all({ topicId: topic.id })
        .filter((w) => premium || isFree(w))
        .map((w) => wordView(w, flaggedIds, premium));
    },

    /** Each topic's batches: their words and how many of them the learner has answered right at least once (the course's word steps). */
    topicBatches(userId: number): { topic: string; batch: number; words: number; answeredRight: number }[] {
      return topicBatchesOf.all({ userId });
    },

    /** A topic's first words by batch, then order, with their Lebanese: what the course's placement check asks. */
    firstWordsOf(topic: string, count: number): { id: number; english: string; lebanese: string }[] {
      return firstWords.all({ topic, count });
    },

    verbList(user: User | null): VerbView[] {
      const premium = hasPremium(user);
      const forms = new Map(
        db
          .select({ verbId: words.verbId, forms: sql<number>`count(*)` })
          .from(words)
          .where(eq(words.isConjugation, true))
          .groupBy(words.verbId)
          .all()
          .map((row) => [row.verbId, row.forms]),
      );
      return db
        .select()
        .from(verbs)
        .orderBy(asc(verbs.sortOrder), asc(verbs.id))
        .all()
        .map((vb) => ({
          id: vb.id,
          key: vb.key,
          infinitive: vb.infinitive,
          arabic: vb.arabic,
          english: vb.english,
          culturalContext: premium ? vb.culturalContext : null,
          topic: verbTopicName(vb.english),
          forms: forms.get(vb.id) ?? 0,
        }));
    },
  };
}
