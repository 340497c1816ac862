import { Elysia } from 'elysia';
import type { AppContext } from '../lib/context';
import { accountModule } from './account';
import { authModule } from './auth';
import { createAuthService } from './auth/service';
import { billingModule } from './billing';
import { createBillingService } from './billing/service';
import { vocabularyModule } from './vocabulary';
import { streakModule } from './streak';
import { flaggedModule } from './flagged';
import { whichWordModule } from './which-word';
import { lettersModule } from './letters';
import { sentencesModule } from './sentences';
import { lessonsModule } from './lessons';
import { statsModule } from './stats';
import { reportsModule } from './reports';
import { reviewModule } from './review';
import { createReviewService } from './review/service';
import { createReportsService } from './reports/service';
import { createWordKeys } from './vocabulary/keys';
import { spellingModule } from './spelling';
import { createSpellingService } from './spelling/service';
import { createStreakService } from './streak/service';
import { createFlaggedService } from './flagged/service';
import { createVocabularyService } from './vocabulary/service';
import { createStatsService } from './stats/service';
import { createSpeechService } from './vocabulary/speech';
import { createSentencesService } from './sentences/service';
import { createLessonsService } from './lessons/service';
import { createWhichWordService } from './which-word/service';
import { createLettersService } from './letters/service';

/** Every module's service, built once per app; a module reaches another only through these. */
export function createServices(ctx: AppContext) {
  const auth = createAuthService(ctx);
  const billing = createBillingService(ctx, { auth });
  const streak = createStreakService(ctx);
  const flagged = createFlaggedService(ctx);
  const stats = createStatsService(ctx, { streak });
  // Review reads due words through vocabulary, whose answers update review's cards.
  const review = createReviewService(ctx, { stats, vocabulary: () => vocabulary });
  const vocabulary = createVocabularyService(ctx, { billing, streak, flagged, stats, review });
  const spelling = createSpellingService();
  const sentences = createSentencesService(ctx, { streak, stats, spelling });
  const lessons = createLessonsService(ctx, { stats });
  const speech = createSpeechService(ctx, [vocabulary.speakableFor, sentences.speakableFor]);
  const whichWord = createWhichWordService({ vocabulary });
  const letters = createLettersService(ctx, { streak, stats, review });
  const reports = createReportsService(ctx, { wordKeys: createWordKeys(ctx), sentences, lessons });
  return { auth, billing, streak, flagged, stats, review, vocabulary, speech, whichWord, letters, sentences, lessons, reports, spelling };
}
export type Services = ReturnType<typeof createServices>;

/** The explicit list of feature modules, chained so the app keeps end-to-end route types. */
export function featureModules(ctx: AppContext, services: Services) {
  return new Elysia({ name: 'modules' })
    .use(authModule(ctx, services.auth))
    .use(accountModule(ctx, services))
    .use(billingModule(ctx, services))
    .use(vocabularyModule(ctx, services))
    .use(streakModule(ctx, services))
    .use(flaggedModule(ctx, services))
    .use(whichWordModule(ctx, services))
    .use(lettersModule(ctx, services))
    .use(sentencesModule(ctx, services))
    .use(lessonsModule(ctx, services))
    .use(statsModule(ctx, services))
    .use(reportsModule(ctx, services))
    .use(reviewModule(ctx, services))
    .use(spellingModule(services));
}
