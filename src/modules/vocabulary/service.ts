import type { AppContext } from '../../lib/context';
import type { BillingService } from '../billing/service';
import type { FlaggedService } from '../flagged/service';
import type { ReviewService } from '../review/service';
import type { StatsService } from '../stats/service';
import type { StreakService } from '../streak/service';
import { createAnswers } from './answers';
import { createBatches } from './batches';
import { createCatalogue } from './catalogue';
import { createTier } from './free-tier';
import { createPracticeList } from './practice-list';
import { speakableWords } from './speakable';
import { createWords } from './words';

export type { PractisedWord } from './answers';
export type { WordView } from './views';

/**
 * Vocabulary's one service (docs/product-rules.md#flash-cards), composed of its pieces: the catalogue
 * of the content, the tier, batches, what a learner is shown, the practice list, answers and the
 * speech lookup. Each piece is built once here and handed the others' functions it needs.
 */
export function createVocabularyService(
  ctx: AppContext,
  deps: { billing: BillingService; streak: StreakService; flagged: FlaggedService; stats: StatsService; review: ReviewService },
) {
  const { billing, streak, flagged, stats, review } = deps;
  const catalogue = createCatalogue(ctx);
  const tier = createTier(ctx, billing);
  const batches = createBatches(ctx, { streak, catalogue, tier });

  return {
    ...batches,
    ...createWords(ctx, { billing, flagged, catalogue, tier, batches }),
    topicName: catalogue.topicName,
    ...createPracticeList(ctx, { flagged, catalogue, tier }),
    ...createAnswers(ctx, { flagged, stats, review, catalogue, tier, batches }),
    speakableFor: speakableWords(ctx.db),
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
/** The content keys of words, which the vocabulary service hands other modules as `wordKeys` (module.ts). */
export type { WordKeys } from './keys';
