import { useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Direction, GradeName } from '../../../modules/review/rules';
import { handledGlobally, server, type Reply } from '../../lib/api';
import type { User } from '../../lib/session';
import { toast } from '../../ui/toast';
import { nextStreak, reconcileStreak, type StreakCounts } from '../../../modules/streak/rules';
import { streakQuery, useStreak } from '../../lib/streak';
import { FLAGGED_KEY, refreshStats } from '../../lib/query';
import { batchQuery, topicCardsQuery, wordsQuery } from './queries';
import { isSyncFailure, saves } from '../../lib/saves';

export type Word = Reply<typeof server.api.words.get>[number];
export type AnswerResult = Reply<ReturnType<typeof server.api.words>['progress']['post']>;
export type TopicCard = Reply<(typeof server.api.words)['topics-with-progress']['get']>[number];
export type VerbView = Reply<typeof server.api.verbs.get>[number];
export type DueWord = Reply<typeof server.api.review.due.get>['words'][number];
/** A card's next intervals by grade, in milliseconds (Review's buttons). */
export type Intervals = DueWord['intervals'];
export type { Direction };
/** How an answer was given, for the word's memory card: the side shown, and the grade chosen on Review's buttons. */
export interface AnswerManner {
  direction?: Direction;
  grade?: GradeName;
}

const WORDS_KEY = wordsQuery.queryKey;
const BATCH_KEY = batchQuery.queryKey;
const TOPICS_KEY = topicCardsQuery.queryKey;
const STREAK_KEY = streakQuery('unified').queryKey;

/** A save the server refused (a save that waits is told by the queue's indicator, or the flag's toast). */
function refusalToast(error: unknown) {
  if (!handledGlobally(error)) toast.error('Error', { description: 'Failed to update practice status. Please try again.', duration: 3000 });
}

/** Puts a word's new flag state into every cached list that holds it. */
function patchWordFlag(queryClient: QueryClient, wordId: number, isFlagged: boolean) {
  queryClient.setQueriesData<Word[]>({ predicate: (q) => String(q.queryKey[0]).startsWith(WORDS_KEY[0]) }, (list) =>
    Array.isArray(list) ? list.map((w) => (w.id === wordId && w.isFlagged !== isFlagged ? { ...w, isFlagged } : w)) : list,
  );
}

/** What changes after an answer was saved: stats, the practice list and the topic progress are read again. */
function refreshAfterAnswer(queryClient: QueryClient) {
  void refreshStats(queryClient);
  queryClient.invalidateQueries({ queryKey: FLAGGED_KEY });
  queryClient.invalidateQueries({ queryKey: TOPICS_KEY });
}

/** Saves that waited (given offline, or on an earlier visit) set the streak, the batch and the flags on the server: read them again. */
export function refreshAfterWaitingSaves(queryClient: QueryClient) {
  for (const queryKey of [STREAK_KEY, BATCH_KEY, WORDS_KEY]) queryClient.invalidateQueries({ queryKey, exact: true });
  refreshAfterAnswer(queryClient);
}

/**
 * The card streak and the answer call (docs/product-rules.md#streak). The streak changes on screen at once; a
 * signed-in learner's answer is then saved (one call, which also records the streak and the batch) and
 * the server's counts reconcile the shown ones. Signed out, or when the save fails, the local
 * computation stands; signed out, it lives in local storage.
 *
 * The word lists (a topic, the flagged words) show no streak, so their answers leave it, and with it the
 * batches, alone: a miss there must not silently end the streak built on All Words.
 */
export function usePractice(user: User | null | undefined, { keepsStreak = true } = {}) {
  const queryClient = useQueryClient();
  const { streak, set } = useStreak('unified', !!user, { read: keepsStreak });
  const streakRef = useRef(streak);
  streakRef.current = streak;
  const lastAnswer = useRef(0);

  const setStreak = (s: StreakCounts) => {
    streakRef.current = s;
    set(s);
  };

  /** Records an answer; resolves with the server's reply, or null when signed out or not saved. */
  async function answer(
    word: Word,
    correct: boolean,
    opts: { inFlaggedSection?: boolean } & AnswerManner = {},
  ): Promise<AnswerResult | null> {
    const shown = nextStreak(streakRef.current, correct);
    if (keepsStreak) setStreak(shown);
    if (!user) return null;
    const id = ++lastAnswer.current;
    try {
      const result = await saves.save(
        user.id,
        'word',
        { id: word.id },
        {
          correct,
          ...(keepsStreak ? { page: 'unified' } : {}),
          ...(opts.inFlaggedSection ? { inFlaggedSection: true } : {}),
          ...(opts.direction ? { direction: opts.direction } : {}),
          ...(opts.grade ? { grade: opts.grade } : {}),
        },
      );
      // Only the reply to the latest answer may correct the streak; earlier ones are already overtaken.
      if (keepsStreak && id === lastAnswer.current && result.streak) setStreak(reconcileStreak(shown, result.streak, correct));
      queryClient.setQueryData(BATCH_KEY, result.batch);
      patchWordFlag(queryClient, word.id, result.isFlagged);
      if (result.unlockedBatch) {
        toast.success(`Batch ${result.unlockedBatch} unlocked!`, {
          description: 'New words have been added to All Words.',
          duration: 3000,
        });
        queryClient.invalidateQueries({ queryKey: WORDS_KEY, exact: true });
      }
      refreshAfterAnswer(queryClient);
      return result;
    } catch (error) {
      // An answer that waits is counted by the queue's one indicator, not a toast per answer (docs/decisions/0024).
      if (!isSyncFailure(error)) refusalToast(error);
      return null;
    }
  }

  /** Flags or unflags a word by hand ('Added to practice' / 'Removed from practice'). */
  async function setFlag(word: Word, isFlagged: boolean): Promise<void> {
    if (!user) {
      toast.error('Login required', { description: 'You need to log in to flag words for practice.', duration: 3000 });
      return;
    }
    patchWordFlag(queryClient, word.id, isFlagged);
    try {
      await saves.save(user.id, 'flag', { id: word.id }, { isFlagged });
      toast.success(isFlagged ? 'Added to practice' : 'Removed from practice', { duration: 2000 });
      queryClient.invalidateQueries({ queryKey: FLAGGED_KEY });
    } catch (error) {
      // A flag that waits to sync stays as the learner set it; one the server refused goes back.
      if (isSyncFailure(error)) {
        toast.error('Sync Error', { description: "We've saved your flag locally, but it may not sync to the server yet.", duration: 3000 });
      } else {
        patchWordFlag(queryClient, word.id, !isFlagged);
        refusalToast(error);
      }
    }
  }

  return { streak, answer, setFlag };
}

/**
 * Saves what speech recognition heard for a revealed card's word (the text only; recordings stay in the
 * browser): the server judges it and counts it as speaking (docs/decisions/0033-saying-it.md). It goes
 * through the save queue as an answer does, so an attempt made on a flaky link is kept and counted once.
 * Signed out nothing is saved.
 */
export function useSpeakingAttempts(user: User | null | undefined) {
  const queryClient = useQueryClient();
  return (word: Word, heard: string) => {
    if (!user) return;
    saves
      .save(user.id, 'speaking', {}, { wordId: word.id, heard: [heard] })
      .then(() => refreshStats(queryClient))
      .catch((error: unknown) => {
        // One that waits is counted by the queue's indicator (docs/decisions/0024).
        if (!isSyncFailure(error) && !handledGlobally(error))
          toast.error('Progress not saved', { description: 'There was a problem saving your progress', duration: 3000 });
      });
  };
}
