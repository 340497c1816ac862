import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_KEYS } from '../lib/session';
import type { Leaderboard, Standings } from '../../modules/stats/service';
import { LEADERBOARD_KEY } from '../features/stats/Leaderboard';
import { applyStandings } from '../features/stats/standings';


/**
 * One event stream per signed-in browser (GET /api/events). EventSource reconnects by itself and sends
 * Last-Event-ID, so nothing published while the connection dropped is lost.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const refreshSubscription = () => {
      for (const queryKey of SUBSCRIPTION_KEYS) queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener('subscription', refreshSubscription);
    // The event carries the newest standings, so a board on screen updates without asking the server,
    // unless the learner's own place is outside them.
    source.addEventListener('leaderboard', (event) => {
      const board = queryClient.getQueryData<Leaderboard>(LEADERBOARD_KEY);
      if (!board) return;
      const next = applyStandings(board, JSON.parse((event as MessageEvent<string>).data) as Standings);
      queryClient.setQueryData(LEADERBOARD_KEY, next.board);
      if (next.stale) void queryClient.invalidateQueries({ queryKey: LEADERBOARD_KEY });
    });
    return () => source.close();
  }, [signedIn, queryClient]);
}
