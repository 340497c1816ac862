/** The streak rule (docs/product-rules.md#streak), shared by the server and the browser's local computation. Pure. */

export interface StreakCounts {
  currentStreak: number;
  bestStreak: number;
}

/** A correct answer raises the streak by one and lifts the best; a wrong one sets the streak to 0. */
export function nextStreak(streak: StreakCounts, correct: boolean): StreakCounts {
  const currentStreak = correct ? streak.currentStreak + 1 : 0;
  return { currentStreak, bestStreak: Math.max(streak.bestStreak, currentStreak) };
}

/**
 * Reconciles the streak shown at once with the server's reply: the server's counts win, except that
 * a wrong answer is forced to 0 again and the best never drops below what was already shown.
 */
export function reconcileStreak(shown: StreakCounts, server: StreakCounts, correct: boolean): StreakCounts {
  return {
    currentStreak: correct ? server.currentStreak : 0,
    bestStreak: Math.max(shown.bestStreak, server.bestStreak),
  };
}
