import { and, asc, count, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { sentAlike } from '../../lib/compression';
import { contentMemo } from '../../content/memo';
import { notFound } from '../../lib/errors';
import { FREE_TENSE } from './free-tier';
import { topics, verbs, words } from './schema';
import { NONE_FLAGGED, wordColumns, wordView, type TopicCard, type WordRow, type WordView } from './views';

/**
 * What the content holds, counted and built once per content, not per answer (docs/decisions/0008):
 * words by id, deck sizes by batch, each tier's shared decks and topic cards, topic sizes and names.
 */
export function createCatalogue({ db }: AppContext) {
  const P = sql.placeholder;

  const wordById = db
    .select(wordColumns)
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(eq(words.id, P('id')))
    .prepare();

  /** Vocabulary (no conjugations) up to a batch, by batch then order; `freeOnly` leaves out premium topics. */
  const deck = (freeOnly: boolean) =>
    db
      .select(wordColumns)
      .from(words)
      .innerJoin(topics, eq(topics.id, words.topicId))
      .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch')), freeOnly ? eq(topics.isPremium, false) : undefined))
      .orderBy(asc(words.batch), asc(words.sortOrder), asc(words.id))
      .limit(P('limit'))
      .prepare();
  const fullDeck = deck(false);
  const freeDeck = deck(true);
  const countDeck = db
    .select({ n: count() })
    .from(words)
    .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch'))))
    .prepare();
  const countFreeDeck = db
    .select({ n: count() })
    .from(words)
    .innerJoin(topics, eq(topics.id, words.topicId))
    .where(and(eq(words.isConjugation, false), lte(words.batch, P('maxBatch')), eq(topics.isPremium, false)))
    .prepare();

  const memo = contentMemo(db.$client, () => ({
    words: new Map<number, WordRow>(),
    deckSizes: new Map<string, number>(),
    decks: new Map<string, WordView[]>(),
    shelves: new Map<boolean, { cards: Omit<TopicCard, 'progress'>[]; totals: Map<number, number> }>(),
    topicSizes: new Map(
      db
        .select({ topicId: words.topicId, n: count() })
        .from(words)
        .groupBy(words.topicId)
        .all()
        .map((r) => [r.topicId, r.n]),
    ),
    topicNames: new Map(
      db
        .select({ id: topics.id, name: topics.name })
        .from(topics)
        .all()
        .map((t) => [t.id, t.name]),
    ),
  }));

  /** A word by id; 404 when the content has none. */
  function findWord(id: number): WordRow {
    const known = memo().words;
    let word = known.get(id);
    if (!word) {
      word = wordById.get({ id });
      if (!word) throw notFound('This word does not exist.');
      known.set(id, word);
    }
    return word;
  }

  function deckSize(maxBatch: number, freeOnly: boolean) {
    const { deckSizes } = memo();
    const key = `${maxBatch}:${freeOnly}`;
    let n = deckSizes.get(key);
    if (n === undefined) {
      n = (freeOnly ? countFreeDeck : countDeck).get({ maxBatch })!.n;
      deckSizes.set(key, n);
    }
    return n;
  }

  /**
   * A deck as every learner of a tier sees it before their own flags, kept as sent (the words list is
   * the call learners make most after answers). Premium decks hold every topic.
   */
  function deckView(maxBatch: number, premium: boolean, limit: number): WordView[] {
    const { decks } = memo();
    const key = `${maxBatch}:${premium}:${limit}`;
    let kept = decks.get(key);
    if (!kept) {
      kept = sentAlike((premium ? fullDeck : freeDeck).all({ maxBatch, limit }).map((w) => wordView(w, NONE_FLAGGED, premium)));
      decks.set(key, kept);
    }
    return kept;
  }

  /** The topic cards of a tier without the learner's progress, and the words each opens. */
  function topicShelf(premium: boolean) {
    const { shelves } = memo();
    let shelf = shelves.get(premium);
    if (!shelf) {
      // Without a trial or subscription a verb topic holds only its present tense, and its card counts that.
      const open = premium ? undefined : or(eq(words.isConjugation, false), eq(words.tense, FREE_TENSE));
      const totals = new Map(
        db
          .select({ topicId: words.topicId, n: count() })
          .from(words)
          .where(open)
          .groupBy(words.topicId)
          .all()
          .map((r) => [r.topicId, r.n]),
      );
      const verbOfTopic = new Map(
        db
          .selectDistinct({ topicId: words.topicId, verbId: verbs.id, culturalContext: verbs.culturalContext })
          .from(words)
          .innerJoin(verbs, eq(verbs.id, words.verbId))
          .where(isNotNull(words.verbId))
          .all()
          .map((r) => [r.topicId, r]),
      );
      const cards = db
        .select()
        .from(topics)
        .orderBy(asc(topics.sortOrder), asc(topics.name))
        .all()
        .map((t) => {
          const verb = verbOfTopic.get(t.id);
          return {
            id: t.id,
            name: t.name,
            isPremium: t.isPremium,
            isTrialAccessible: !t.isPremium || premium,
            isVerb: t.isVerb,
            verbId: verb?.verbId ?? null,
            culturalContext: premium ? (verb?.culturalContext ?? null) : null,
          };
        });
      shelf = { cards, totals };
      shelves.set(premium, shelf);
    }
    return shelf;
  }

  return {
    findWord,
    deckSize,
    deckView,
    topicShelf,

    /** How many words a topic holds, verb forms included: an answer stores it with the topic's progress. */
    topicSize: (topicId: number) => memo().topicSizes.get(topicId) ?? 0,

    /** A topic's name by id (lessons name theirs through this, not through vocabulary's table). */
    topicName(topicId: number | null): string | null {
      return topicId === null ? null : (memo().topicNames.get(topicId) ?? null);
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
