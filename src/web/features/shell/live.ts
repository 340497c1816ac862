import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { USER_KEY } from '../auth/hooks';
import { LEADERBOARD_KEY } from '../stats/Leaderboard';

/** Queries that depend on the learner's subscription; refreshed when the server says it changed. */
export const TRIAL_STATUS_KEY = ['/api/user/trial-status'] as const;
export const SUBSCRIPTION_KEYS = [USER_KEY, ['/api/subscription/status'], ['/api/subscription'], TRIAL_STATUS_KEY];

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
    source.addEventListener('leaderboard', () => queryClient.invalidateQueries({ queryKey: LEADERBOARD_KEY }));
    return () => source.close();
  }, [signedIn, queryClient]);
}
