import type { User } from '../auth/service';
import type { VocabularyService, WordView } from '../vocabulary/service';
import { shuffled } from '../../shared/shuffle';
import { isExcludedTopic, isPlayable, optionsFor } from './rules';

/** A card of the which-word grid. */
export interface WhichWordTopic {
  name: string;
  isVerb: boolean;
  isPremium: boolean;
  wordsLearned: number;
  totalWords: number;
  lastPracticed: string | null;
}

/** One question: the word (English shown, the rest revealed after the answer) and four arabizi options. */
export interface WhichWordQuestion {
  word: WordView;
  options: string[];
}

export interface WhichWordRound {
  topic: string;
  questions: WhichWordQuestion[];
}

/**
 * The which-word game (docs/product-rules.md#which-word). Words come only through the vocabulary service, which also
 * applies the premium rules; answers go through vocabulary's answer call with page 'which-word'.
 */
export function createWhichWordService(deps: { vocabulary: VocabularyService }, random: () => number = Math.random) {
  const { vocabulary } = deps;
  const arabiziOf = (w: WordView) => w.arabizi || w.lebanese;

  return {
    /**
     * The grid: every topic but the four basic ones; premium topics only with a trial or subscription;
     * verb topics for everyone; topics without words are left out.
     */
    topics(user: User | null): WhichWordTopic[] {
      return vocabulary
        .topicCards(user)
        .filter((t) => !isExcludedTopic(t.name) && (!t.isPremium || t.isTrialAccessible) && t.progress.totalWords > 0)
        .map((t) => ({
          name: t.name,
          isVerb: t.isVerb,
          isPremium: t.isPremium,
          wordsLearned: t.progress.wordsLearned,
          totalWords: t.progress.totalWords,
          lastPracticed: t.progress.lastPracticed,
        }));
    },

    /**
     * A shuffled round of a topic's playable words, each with four options. Empty when fewer than four
     * words exist to build options from (the client then says so).
     */
    round(user: User | null, topic: string): WhichWordRound {
      const words = vocabulary.topicWords(user, topic).filter(isPlayable);
      const sameTopic = words.map(arabiziOf);
      let everyWord: string[] | undefined;
      const allWords = () => (everyWord ??= vocabulary.deckFor(user).filter(isPlayable).map(arabiziOf));
      const questions = shuffled(words, random).flatMap((word) => {
        const answer = arabiziOf(word);
        const others = sameTopic.filter((s) => s !== answer);
        // Only a topic too small for three distractors needs the whole deck.
        const options = optionsFor(answer, others, [], random) ?? optionsFor(answer, others, allWords(), random);
        return options ? [{ word, options }] : [];
      });
      return { topic: words[0]?.topic ?? topic, questions };
    },
  };
}

export type WhichWordService = ReturnType<typeof createWhichWordService>;
