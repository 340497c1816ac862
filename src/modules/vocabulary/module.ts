import { defineModule } from '../define';
import type { BillingService } from '../billing/service';
import type { FlaggedService } from '../flagged/service';
import type { ReviewService } from '../review/service';
import type { StatsService } from '../stats/service';
import type { StreakService } from '../streak/service';
import { verbsContent, wordsContent } from './content';
import { vocabularyRoutes } from './index';
import { createWordKeys } from './keys';
import * as tables from './schema';
import { createVocabularyService } from './service';

/**
 * Words, topics, verbs, answers, and words by content key (for reports). An answer's consequences are
 * the services it needs below it (flagged, streak, review, stats), called in the answer's transaction.
 */
export const vocabularyModule = defineModule({
  name: 'vocabulary',
  needs: ['billing', 'streak', 'flagged', 'stats', 'review'],
  tables,
  content: [wordsContent, verbsContent],
  service(
    ctx,
    deps: { billing: BillingService; streak: StreakService; flagged: FlaggedService; stats: StatsService; review: ReviewService },
  ) {
    const vocabulary = createVocabularyService(ctx, deps);
    return Object.assign(vocabulary, { wordKeys: createWordKeys(ctx) });
  },
  routes: { needs: ['auth', 'vocabulary', 'answer-keys', 'review'], plugin: vocabularyRoutes },
});
