import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ANSWER_TIMEOUT_MS, DEFAULT_SENTENCE_TOPIC, FALLBACK_SENTENCE_TOPICS, scoreLocally } from '../../../modules/sentences/rules';
import { nextStreak, type StreakCounts } from '../../../modules/streak/rules';
import { ApiError, handledGlobally, server } from '../../lib/api';
import { refreshStats } from '../../lib/query';
import { saves } from '../../lib/saves';
import { useUser } from '../../lib/session';
import { useSpellingLexicon } from '../../lib/spelling';
import { ZERO_STREAK, streakQuery } from '../../lib/streak';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { sentenceTopicsQuery, type SentenceAnswerResult, type SentenceView } from './queries';

const sentencesStreak = streakQuery('sentences');
const STREAK_KEY = sentencesStreak.queryKey;

export interface Question {
  sentence: SentenceView;
  context: SentenceView['contexts'][number];
}
export interface Result {
  isCorrect: boolean;
  feedback: string;
  userAnswer: string;
}

/** ' (AI-evaluated)' follows an AI verdict's feedback unless it already says so (docs/product-rules.md#sentences). */
function feedbackText(result: Pick<SentenceAnswerResult, 'feedback' | 'evaluatedBy'>) {
  return result.evaluatedBy === 'ai' && !/\bAI\b/.test(result.feedback) ? `${result.feedback} (AI-evaluated)` : result.feedback;
}

/**
 * The sentence practice (docs/product-rules.md#sentences): the topic, the question and its scenario, the
 * answer sent through the save queue and its verdict within the spec's 10 s, or the local rule's.
 */
export function useSentencePractice() {
  const queryClient = useQueryClient();
  const topics = useQuery(sentenceTopicsQuery);
  const streak = useQuery(sentencesStreak);
  const topicList = topics.data && topics.data.length > 0 ? topics.data : topics.isError ? FALLBACK_SENTENCE_TOPICS : [];
  const [topic, setTopic] = useState(DEFAULT_SENTENCE_TOPIC);
  const [question, setQuestion] = useState<Question | null>(null);
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [fetching, setFetching] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const lexicon = useSpellingLexicon();
  // The screen is a signed-in learner's (its layout's guard): the id is there once it shows.
  const userId = useUser().data?.id;

  // The chosen topic must be one of the list: otherwise the first is taken.
  useEffect(() => {
    if (topicList.length > 0 && !topicList.includes(topic)) setTopic(topicList[0]!);
  }, [topicList, topic]);

  function changeTopic(next: string) {
    setTopic(next);
    setQuestion(null);
    setResult(null);
    setAnswer('');
  }

  async function fetchQuestion() {
    setFetching(true);
    try {
      const sentence = await server.api.sentences.random({ topic }).get({ query: { exclude: question?.sentence.id } });
      const context = sentence.contexts[Math.floor(Math.random() * sentence.contexts.length)]!;
      setQuestion({ sentence, context });
      setAnswer('');
      setResult(null);
    } catch (error) {
      if (!handledGlobally(error)) {
        const status = error instanceof ApiError ? error.status : 0;
        toast.error('Error', {
          description: `Failed to fetch random sentence: ${status} ${error instanceof Error ? error.message : ''}`.trim(),
          duration: LEARNING_TOAST_MS,
        });
      }
    } finally {
      setFetching(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const userAnswer = answer.trim();
    if (!question || !userAnswer || submitting || userId === undefined) return;
    setSubmitting(true);
    // Kept in the save queue before it is sent (docs/decisions/0043-one-save-queue.md), so the answer is
    // judged and counted once it gets through. The verdict waits for it the spec's 10 s at most.
    const saved = saves.save(
      userId,
      'sentence',
      {},
      { sentenceId: question.sentence.id, answer: userAnswer, context: question.context.context },
    );
    try {
      const judged = await Promise.race([
        saved,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('The verdict took too long.')), ANSWER_TIMEOUT_MS)),
      ]);
      queryClient.setQueryData(STREAK_KEY, judged.streak);
      void refreshStats(queryClient);
      setResult({ isCorrect: judged.isCorrect, feedback: feedbackText(judged), userAnswer });
    } catch (error) {
      if (handledGlobally(error)) return;
      // A verdict that arrives late (or once a waiting answer got through) brings the server's streak.
      void saved.then(
        (late) => {
          queryClient.setQueryData(STREAK_KEY, late.streak);
          void refreshStats(queryClient);
        },
        () => {},
      );
      toast.error('Error', { description: 'Something went wrong with answer evaluation. Please try again.', duration: LEARNING_TOAST_MS });
      // The local rule still gives the learner a verdict; the streak moves on screen only.
      const local = scoreLocally(userAnswer, question.context.recommended_answer, lexicon);
      queryClient.setQueryData<StreakCounts>(STREAK_KEY, (s) => nextStreak(s ?? ZERO_STREAK, local.isCorrect));
      setResult({ isCorrect: local.isCorrect, feedback: local.feedback, userAnswer });
    } finally {
      setSubmitting(false);
    }
  }

  return {
    streak: streak.data ?? ZERO_STREAK,
    topicList,
    topic,
    changeTopic,
    question,
    answer,
    setAnswer,
    result,
    tryAgain: () => setResult(null),
    fetching,
    submitting,
    fetchQuestion,
    submit,
  };
}
