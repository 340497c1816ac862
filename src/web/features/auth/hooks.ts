import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../modules/auth/service';
import { get, post } from '../../lib/api';

export type User = PublicUser;
export const USER_KEY = ['/api/user'] as const;

/**
 * The current user, cached under /api/user: a 401 gives null, fresh 30 s, one retry (docs/product-rules.md#sessions). A failed
 * read is tried again by Retry, not by the next component that mounts: the failure screen itself reads
 * the user, and a read restarted on its mount turned the page back into a spinner, over and over.
 */
export function useUser() {
  return useQuery({
    queryKey: USER_KEY,
    queryFn: ({ signal }) => get<User | null>('/api/user', { nullOn401: true, signal }),
    staleTime: 30_000,
    retry: 1,
    refetchOnMount: true,
    retryOnMount: false,
  });
}

/**
 * Signed out: the cached user becomes null and the learner's other data leaves the cache. The user's
 * entry is set, not removed, so the navigation and the route guard watching it see the change at once.
 */
export function forgetLearner(queryClient: QueryClient) {
  queryClient.setQueryData(USER_KEY, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_KEY[0] });
}

/** Logout clears the cached user and every learner's data in the cache. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => post('/api/logout'),
    onSuccess: () => forgetLearner(queryClient),
  });
}
