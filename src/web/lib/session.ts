import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { server, type Reply } from './api';
import { read } from './query';

/** The signed-in user and the subscription status as the server sends them. */
export type User = Reply<typeof server.api.user.get>;
export type SubscriptionStatus = Reply<typeof server.api.subscription.status.get>;

/**
 * The current user, cached under /api/user: a 401 gives null, fresh 30 s, one retry (docs/product-rules.md#sessions). A failed
 * read is tried again by Retry, not by the next component that mounts: the failure screen itself reads
 * the user, and a read restarted on its mount turned the page back into a spinner, over and over.
 * The route guards read the same query (src/web/lib/layout-routes.ts).
 */
export const userQuery = queryOptions({
  ...read(server.api.user, { nullOn401: true, retries: 1 }),
  staleTime: 30_000,
  refetchOnMount: true,
  retryOnMount: false,
});
export const USER_KEY = userQuery.queryKey;

/** The learner's subscription status. A 401 reads as inactive with no days left (docs/product-rules.md#subscription), not as a sign-out. */
export const statusQuery = read(server.api.subscription.status, { nullOn401: true });
export const STATUS_KEY = statusQuery.queryKey;
/** Queries that depend on the learner's subscription; refreshed when the server says it changed. */
export const trialStatusQuery = read(server.api.user['trial-status']);
export const TRIAL_STATUS_KEY = trialStatusQuery.queryKey;
export const SUBSCRIPTION_KEYS = [USER_KEY, STATUS_KEY, read(server.api.subscription).queryKey, TRIAL_STATUS_KEY];

export const useUser = () => useQuery(userQuery);

/**
 * Signed out: the cached user becomes null and the learner's other data leaves the cache. The user's
 * entry is set, not removed, so the navigation and the route guard watching it see the change at once.
 */
export function forgetLearner(queryClient: QueryClient) {
  queryClient.setQueryData(USER_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
}

export const useSubscriptionStatus = (enabled = true) => useQuery({ ...statusQuery, enabled });
