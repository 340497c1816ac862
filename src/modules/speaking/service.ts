import type { AppContext } from '../../lib/context';
import type { User } from '../auth/service';
import { POINTS, type StatsService } from '../stats/service';
import type { VocabularyService } from '../vocabulary/service';
import { sameArabic } from '../../shared/arabic';

export interface SpeakingResult {
  correct: boolean;
  /** The alternative that matched, or the recogniser's first. */
  heard: string;
  expected: string;
}

/**
 * Speaking (docs/decisions/0033-saying-it.md): what the browser's recognition heard for a word is judged
 * against its Arabic script by the shared normaliser, and counted as a speaking answer with its points.
 */
export function createSpeakingService({ db }: AppContext, deps: { vocabulary: VocabularyService; stats: StatsService }) {
  const { vocabulary, stats } = deps;
  return {
    attempt(user: User, input: { wordId: number; heard: string[] }): SpeakingResult {
      const word = vocabulary.practisedWord(user, input.wordId);
      const match = input.heard.find((h) => sameArabic(h, word.arabicScript));
      const correct = match !== undefined;
      db.$client.transaction(() => stats.award({ userId: user.id, points: correct ? POINTS.speaking : 0, reason: 'speaking', correct })).immediate();
      return { correct, heard: match ?? input.heard[0]!, expected: word.arabicScript };
    },
  };
}

export type SpeakingService = ReturnType<typeof createSpeakingService>;
