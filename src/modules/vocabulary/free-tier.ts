import type { AppContext } from '../../lib/context';
import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';
import type { Tense } from './schema';
import type { WordRow } from './views';

/** Free tier (docs/product-rules.md#tiers): free topics, and of a verb only the present tense (its imperative and negative are premium: docs/decisions/0007). */
export const FREE_TENSE: Tense = 'present';
export const isFree = (w: Pick<WordRow, 'topicIsPremium' | 'isConjugation' | 'tense'>) =>
  !w.topicIsPremium && (!w.isConjugation || w.tense === FREE_TENSE);

/** What a learner's tier opens, asked of billing (docs/decisions/0021). */
export function createTier({ clock }: AppContext, billing: BillingService) {
  return {
    hasPremium: (user: User | null) => !!user && billing.access(user, clock.now()).hasPremium,

    /** 402 for a word outside the free tier when the learner has no trial or subscription. */
    assertMayPractise(user: User, word: WordRow) {
      if (!isFree(word)) billing.requirePremium(user, clock.now());
    },
  };
}

export type Tier = ReturnType<typeof createTier>;
