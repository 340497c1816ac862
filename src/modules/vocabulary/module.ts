import { defineModule } from '../../lib/module';
import type { BillingService } from '../billing/service';
import type { FlaggedService } from '../flagged/service';
import type { ReviewService } from '../review/service';
import type { SentencesService } from '../sentences/service';
import type { StatsService } from '../stats/service';
import type { StreakService } from '../streak/service';
import { verbsContent, wordsContent } from './content';
import { vocabularyRoutes } from './index';
import { createWordKeys } from './keys';
import * as tables from './schema';
import { createVocabularyService } from './service';
import { createSpeechService } from './speech';

/** Words, topics, verbs, answers, the speech of words and sentences, and words by content key (for reports). */
export const vocabularyModule = defineModule({
  name: 'vocabulary',
  needs: ['billing', 'streak', 'flagged', 'stats', 'review', 'sentences'],
  tables,
  content: [wordsContent, verbsContent],
  service(ctx, deps: { billing: BillingService; streak: StreakService; flagged: FlaggedService; stats: StatsService; review: ReviewService; sentences: SentencesService }) {
    const vocabulary = createVocabularyService(ctx, deps);
    return Object.assign(vocabulary, {
      speech: createSpeechService(ctx, [vocabulary.speakableFor, deps.sentences.speakableFor]),
      wordKeys: createWordKeys(ctx),
    });
  },
  routes: { needs: ['auth', 'vocabulary', 'answerKeys'], plugin: vocabularyRoutes },
});
