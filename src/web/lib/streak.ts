import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useUser } from './session';
import { server } from './api';
import { read } from './query';
import { nextStreak, reconcileStreak, type StreakCounts } from '../../modules/streak/rules';

/** The pages that keep a streak of their own, as the streak route takes them. */
type StreakPage = NonNullable<NonNullable<Parameters<typeof server.api.streak.get>[0]>['query']>['page'];

/** The pages whose streak the games keep (docs/product-rules.md#streak; the listening drill: docs/decisions/0032-listening-drill.md). */
export type GamePage = 'which-word' | 'letters' | 'listening';

export type { StreakCounts };

export const ZERO_STREAK: StreakCounts = { currentStreak: 0, bestStreak: 0 };
/** The streak read: 3 more tries (docs/product-rules.md#retries-and-caching). */
export const STREAK_READ_RETRIES = 3;
/** A page's streak as the screens use it (the counts; the server's reply also carries the last practice day). */
export function streakQuery(page: StreakPage) {
  const { queryKey, queryFn } = read(server.api.streak, { query: { page }, retries: STREAK_READ_RETRIES });
  return queryOptions<StreakCounts, Error, StreakCounts, string[]>({ queryKey, queryFn });
}

/** The pages whose streak a visitor keeps in this browser: the cards' and the two games'. */
type LocalPage = 'unified' | GamePage;

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** A stored streak or best streak: a whole number of at least 0, else 0. */
export function parseStoredCount(raw: string | null): number {
  const n = raw === null ? NaN : Number(raw);
  return isCount(n) ? n : 0;
}

/** A stored streak, re-checked on read: anything but two whole numbers of at least 0 is dropped. */
function parseStoredStreak(raw: string | null): StreakCounts {
  try {
    const value = JSON.parse(raw ?? 'null');
    if (value && isCount(value.currentStreak) && isCount(value.bestStreak))
      return { currentStreak: value.currentStreak, bestStreak: Math.max(value.bestStreak, value.currentStreak) };
  } catch {}
  return ZERO_STREAK;
}

type StreakAtom = ReturnType<typeof atomWithStorage<StreakCounts>>;
const localStreaks = new Map<LocalPage, StreakAtom>();

/**
 * A visitor's streak for a page in local storage, re-checked on every read, made when a page first asks.
 * The cards' is kept under 'streak' and 'bestStreak' (docs/product-rules.md#local-defaults), a game's as
 * one value under 'streak:<page>': the stored forms stay as browsers already hold them.
 */
function localStreak(page: LocalPage): StreakAtom {
  const made = localStreaks.get(page);
  if (made) return made;
  const storage =
    page === 'unified'
      ? {
          getItem: () => {
            const currentStreak = parseStoredCount(localStorage.getItem('streak'));
            return { currentStreak, bestStreak: Math.max(currentStreak, parseStoredCount(localStorage.getItem('bestStreak'))) };
          },
          setItem: (_key: string, s: StreakCounts) => {
            localStorage.setItem('streak', String(s.currentStreak));
            localStorage.setItem('bestStreak', String(s.bestStreak));
          },
          removeItem: () => {
            localStorage.removeItem('streak');
            localStorage.removeItem('bestStreak');
          },
        }
      : {
          getItem: (key: string) => parseStoredStreak(localStorage.getItem(key)),
          setItem: (key: string, s: StreakCounts) => localStorage.setItem(key, JSON.stringify(s)),
          removeItem: (key: string) => localStorage.removeItem(key),
        };
  const atom = atomWithStorage<StreakCounts>(page === 'unified' ? 'streak' : `streak:${page}`, ZERO_STREAK, storage, { getOnInit: true });
  localStreaks.set(page, atom);
  return atom;
}

/**
 * A page's streak, the one way every practice screen keeps it: a signed-in learner's comes from the
 * server (read with 3 retries, zeros when the read fails, and not at all when `read` is off) and is set
 * in the query cache; a visitor's lives in local storage.
 */
export function useStreak(page: LocalPage, signedIn: boolean, { read = true } = {}) {
  const queryClient = useQueryClient();
  const query = streakQuery(page);
  const saved = useQuery({ ...query, enabled: signedIn && read });
  const [local, setLocal] = useAtom(localStreak(page));
  return {
    streak: signedIn ? (saved.data ?? ZERO_STREAK) : local,
    set(next: StreakCounts) {
      if (signedIn) queryClient.setQueryData(query.queryKey, next);
      else setLocal(next);
    },
  };
}

/**
 * A game's streak: the count moves at once on an answer; the server's reply then settles it, a wrong
 * answer staying at 0.
 */
export function useGameStreak(page: GamePage) {
  const { data: user } = useUser();
  const signedIn = !!user;
  const queryClient = useQueryClient();
  const { streak, set } = useStreak(page, signedIn);

  return {
    streak,
    signedIn,
    /** Whose answers are saved: null signed out. */
    userId: user?.id ?? null,
    /** Moves the shown streak for an answer, before (or without) the server. */
    answer(correct: boolean) {
      set(nextStreak(streak, correct));
    },
    /** The server's reply to an answer. */
    settle(reply: StreakCounts, correct: boolean) {
      queryClient.setQueryData(streakQuery(page).queryKey, (shown) => reconcileStreak(shown ?? ZERO_STREAK, reply, correct));
    },
  };
}
