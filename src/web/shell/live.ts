import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { server } from '../lib/api';
import type { Channel, Channels } from '../../shared/channels';
import { leaderboardQuery } from '../features/stats/queries';
import { applyStandings, type Leaderboard } from '../features/stats/standings';

/**
 * One event stream per signed-in browser (GET /api/events). EventSource reconnects by itself and sends
 * Last-Event-ID, so nothing published while the connection dropped is lost.
 */
export function useLiveEvents(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource(server.api.events['~path']);
    // The learner's access changed (a payment, a cancellation, an end): every screen reads again what it shows, premium content included.
    const refreshSubscription = () => void queryClient.invalidateQueries();
    const on = <K extends Channel>(channel: K, handle: (data: Channels[K]) => void) =>
      source.addEventListener(channel, (event) => handle(JSON.parse((event as MessageEvent<string>).data)));
    on('subscription', refreshSubscription);
    // The event carries the newest standings, so a board on screen updates without asking the server,
    // unless the learner's own place is outside them.
    on('leaderboard', (standings) => {
      const board = queryClient.getQueryData<Leaderboard>(leaderboardQuery.queryKey);
      if (!board) return;
      const next = applyStandings(board, standings);
      queryClient.setQueryData(leaderboardQuery.queryKey, next.board);
      if (next.stale) void queryClient.invalidateQueries({ queryKey: leaderboardQuery.queryKey });
    });
    return () => source.close();
  }, [signedIn, queryClient]);
}
