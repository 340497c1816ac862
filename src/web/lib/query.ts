import { QueryClient } from '@tanstack/react-query';
import { get } from './api';

/** The server-state cache with the defaults of docs/product-rules.md#retries-and-caching; a query's key is the path it GETs. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: retriesUnlessClientError(1),
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        queryFn: ({ queryKey, signal }) => get(String(queryKey[0]), { signal }),
      },
      mutations: { retry: false },
    },
  });
}

/** The practice list (flagged words): the cards' and the which-word game's answers both change it. */
export const FLAGGED_KEY = ['/api/words/flagged'] as const;

/** After an answer: the statistics (points, counts, achievements) and the memory review (due words, forecast) are read again. */
export const refreshStats = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/stats') || String(q.queryKey[0]).startsWith('/api/review') });

/** A query's retry rule: `tries` more reads, none for a 4xx answer (asking again gives the same answer). */
export const retriesUnlessClientError = (tries: number) => (failures: number, error: unknown) => failures < tries && !isClientError(error);

function isClientError(error: unknown) {
  const status = (error as { status?: number })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
