import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../modules/auth/service';
import type { SubscriptionStatusView } from '../../modules/billing/service';
import { get } from './api';

export type User = PublicUser;
export type SubscriptionStatus = SubscriptionStatusView;
export const USER_KEY = ['/api/user'] as const;
export const STATUS_KEY = ['/api/subscription/status'] as const;
/** Queries that depend on the learner's subscription; refreshed when the server says it changed. */
export const TRIAL_STATUS_KEY = ['/api/user/trial-status'] as const;
export const SUBSCRIPTION_KEYS = [USER_KEY, STATUS_KEY, ['/api/subscription'], TRIAL_STATUS_KEY];

/**
 * The current user, cached under /api/user: a 401 gives null, fresh 30 s, one retry (docs/product-rules.md#sessions). A failed
 * read is tried again by Retry, not by the next component that mounts: the failure screen itself reads
 * the user, and a read restarted on its mount turned the page back into a spinner, over and over.
 * The route guards read the same query (src/web/shell/layouts.tsx).
 */
export const userQuery = queryOptions({
  queryKey: USER_KEY,
  queryFn: ({ signal }) => get<User | null>('/api/user', { nullOn401: true, signal }),
  staleTime: 30_000,
  retry: 1,
  refetchOnMount: true,
  retryOnMount: false,
});

export const useUser = () => useQuery(userQuery);

/**
 * Signed out: the cached user becomes null and the learner's other data leaves the cache. The user's
 * entry is set, not removed, so the navigation and the route guard watching it see the change at once.
 */
export function forgetLearner(queryClient: QueryClient) {
  queryClient.setQueryData(USER_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
}

/** The learner's subscription status. A 401 reads as inactive with no days left (docs/product-rules.md#subscription), not as a sign-out. */
export function useSubscriptionStatus(enabled = true) {
  return useQuery<SubscriptionStatus | null>({
    queryKey: STATUS_KEY,
    queryFn: ({ signal }) => get<SubscriptionStatus | null>(STATUS_KEY[0], { nullOn401: true, signal }),
    enabled,
  });
}
