import type { User } from '../auth/service';
import type { SpellingService } from '../spelling/service';
import type { PractisedWord, VocabularyService } from '../vocabulary/service';
import { isPlayable, optionsFor } from '../which-word/rules';
import { judgeAnswer, type Judgement, type TypedVerdict } from '../../shared/judge';
import { shuffled } from '../../shared/shuffle';
import { LISTENING_ROUND_SIZE, type ListeningMode } from './rules';

/** One question: the words to play (never shown before the answer) and four meanings to choose from. */
export interface ListeningQuestion {
  wordId: number;
  /** The text the speech call is asked for: the word's arabizi, which the Lebanese voice reads. */
  speech: string;
  options: string[];
}

export interface ListeningAnswerResult {
  correct: boolean;
  /** How a dictation compares with the words (docs/decisions/0009); null for a chosen meaning. */
  verdict: TypedVerdict | null;
  /** The dictation word by word, with what the learner reads (docs/decisions/0069-a-judge-that-knows-the-forms.md); null for a chosen meaning. */
  judgement: Judgement | null;
  /** The transcript shown after every answer. */
  word: PractisedWord;
  /** A miss puts the word on the practice list (docs/decisions/0032-listening-drill.md). */
  isFlagged: boolean;
  streak: { currentStreak: number; bestStreak: number; lastPracticeDate: string | null } | null;
}

/**
 * The listening drill (docs/decisions/0032-listening-drill.md): words the learner has unlocked (All Words'
 * deck) played with no text. Answers are judged here and saved through vocabulary's answer, on the
 * 'listening' streak page, so a miss flags the word and its memory card records it like any answer.
 */
export function createListeningService(
  deps: { vocabulary: VocabularyService; spelling: SpellingService },
  random: () => number = Math.random,
) {
  const { vocabulary, spelling } = deps;

  return {
    round(user: User): ListeningQuestion[] {
      const deck = vocabulary.deckFor(user).filter(isPlayable);
      const byTopic = new Map<string, string[]>();
      for (const w of deck) {
        const meanings = byTopic.get(w.topic);
        if (meanings) meanings.push(w.english);
        else byTopic.set(w.topic, [w.english]);
      }
      const everyMeaning = deck.map((w) => w.english);
      const questions: ListeningQuestion[] = [];
      for (const word of shuffled(deck, random)) {
        if (questions.length === LISTENING_ROUND_SIZE) break;
        const sameTopic = byTopic.get(word.topic)!.filter((e) => e !== word.english);
        // Meanings of the same topic first; the deck tops them up when the topic has too few.
        const options = optionsFor(word.english, sameTopic, everyMeaning, random);
        if (options) questions.push({ wordId: word.id, speech: word.lebanese, options });
      }
      return questions;
    },

    /** Judges and saves one answer: the meaning must be the word's English; a dictation must spell its Lebanese. */
    answer(user: User, input: { wordId: number; mode: ListeningMode; answer: string }): ListeningAnswerResult {
      const word = vocabulary.practisedWord(user, input.wordId);
      const judgement = input.mode === 'dictation' ? judgeAnswer(input.answer, word.lebanese, spelling.lexicon()) : null;
      const correct = judgement ? judgement.verdict === 'right' : input.answer.trim().toLowerCase() === word.english.trim().toLowerCase();
      const saved = vocabulary.answer(user, word.id, { correct, page: 'listening' });
      return { correct, verdict: judgement?.verdict ?? null, judgement, word, isFlagged: saved.isFlagged, streak: saved.streak };
    },
  };
}

export type ListeningService = ReturnType<typeof createListeningService>;
