import type { AppContext } from '../../lib/context';
import { inTransaction } from '../../lib/writes';
import type { User } from '../auth/service';
import { POINTS } from '../stats/rules';
import type { StatsService } from '../stats/service';
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

  /** What was heard (a recogniser's alternatives) judged against the expected Arabic: one alternative saying it is right. */
  function judge(heard: string[], expected: string): SpeakingResult {
    const match = heard.find((h) => sameArabic(h, expected));
    return { correct: match !== undefined, heard: match ?? heard[0]!, expected };
  }

  return {
    judge,
    attempt(user: User, input: { wordId: number; heard: string[] }): SpeakingResult {
      const word = vocabulary.practisedWord(user, input.wordId);
      const result = judge(input.heard, word.arabicScript);
      inTransaction(db.$client, () =>
        stats.award({ userId: user.id, points: result.correct ? POINTS.speaking : 0, reason: 'speaking', correct: result.correct }),
      );
      return result;
    },
  };
}

export type SpeakingService = ReturnType<typeof createSpeakingService>;
