import type { Tense } from './schema';
import type { WordRow } from './views';

/** Free tier (docs/product-rules.md#tiers): free topics, and of a verb only the present tense (its imperative and negative are premium: docs/decisions/0007). */
export const FREE_TENSE: Tense = 'present';
export const isFree = (w: Pick<WordRow, 'topicIsPremium' | 'isConjugation' | 'tense'>) => !w.topicIsPremium && (!w.isConjugation || w.tense === FREE_TENSE);

