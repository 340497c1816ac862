import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useUser } from './session';
import { retriesUnlessClientError } from './query';
import { nextStreak, reconcileStreak, type StreakCounts } from '../../modules/streak/rules';
import type { StreakPage } from '../../modules/streak/schema';

/** The pages whose streak the two games keep (docs/product-rules.md#streak). */
export type GamePage = 'which-word' | 'letters';

export type { StreakCounts };

export const ZERO_STREAK: StreakCounts = { currentStreak: 0, bestStreak: 0 };
/** The streak read: 3 more tries (docs/product-rules.md#retries-and-caching). */
export const STREAK_READ_RETRIES = 3;
const storageKey = (page: GamePage) => `streak:${page}`;
export const streakKey = (page: StreakPage) => [`/api/streak?page=${page}`] as const;

/** A stored streak, re-checked on read: anything but two whole numbers of at least 0 is dropped. */
function parseStoredStreak(raw: string | null): StreakCounts {
  try {
    const value = JSON.parse(raw ?? 'null');
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
    if (value && ok(value.currentStreak) && ok(value.bestStreak)) return { currentStreak: value.currentStreak, bestStreak: Math.max(value.bestStreak, value.currentStreak) };
  } catch {}
  return ZERO_STREAK;
}

/**
 * A game's streak: a signed-in learner's comes from the server (read with 3 retries, zeros when the
 * read fails) and each answer's reply; a visitor's lives in local storage. The count moves at once on
 * an answer; the server's reply then settles it, a wrong answer staying at 0.
 */
export function useGameStreak(page: GamePage) {
  const { data: user } = useUser();
  const signedIn = !!user;
  const queryClient = useQueryClient();
  const server = useQuery<StreakCounts>({ queryKey: streakKey(page), enabled: signedIn, retry: retriesUnlessClientError(STREAK_READ_RETRIES) });
  const [local, setLocal] = useState<StreakCounts>(() => parseStoredStreak(localStorage.getItem(storageKey(page))));
  const streak = signedIn ? (server.data ?? ZERO_STREAK) : local;

  return {
    streak,
    signedIn,
    /** Moves the shown streak for an answer, before (or without) the server. */
    answer(correct: boolean) {
      const next = nextStreak(streak, correct);
      if (signedIn) queryClient.setQueryData(streakKey(page), next);
      else {
        localStorage.setItem(storageKey(page), JSON.stringify(next));
        setLocal(next);
      }
    },
    /** The server's reply to an answer. */
    settle(reply: StreakCounts, correct: boolean) {
      queryClient.setQueryData<StreakCounts>(streakKey(page), (shown) => reconcileStreak(shown ?? ZERO_STREAK, reply, correct));
    },
  };
}

