import { QueryClient, queryOptions } from '@tanstack/react-query';
import { searchOf, server, type CallOptions } from './api';

/** The server-state cache with the defaults of docs/product-rules.md#retries-and-caching; each query brings its own read (`read` below). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // The API client tries again on network errors and 5xx (lib/api.ts); the cache adds no tries of its own.
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The practice list (flagged words): the cards' and the which-word game's answers both change it. */
export const flaggedQuery = read(server.api.words.flagged);
export const FLAGGED_KEY = flaggedQuery.queryKey;

/** The lessons: the lesson list's, and the grammar pages' list of the lessons each explains. */
export const lessonsQuery = read(server.api.lessons);

/** The dialogues: the dialogue list's, and the grammar pages' list of the dialogues whose lines show each at work; kept offline (src/web/sw.ts). */
export const dialoguesQuery = read(server.api.dialogues);

/** After an answer: the statistics (points, counts, achievements), the memory review (due words, forecast), the daily goal and the course (today's plan, the path) are read again. */
export const refreshStats = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (q) =>
      [server.api.stats, server.api.review, server.api.goal, server.api.course].some((node) =>
        String(q.queryKey[0]).startsWith(node['~path']),
      ),
  });

/** A node of the typed client (`server.api.words`) that can be read. */
interface Readable {
  '~path': string;
  get(options?: CallOptions & { query?: never }): Promise<unknown>;
}
type QueryOf<N extends Readable> = NonNullable<Parameters<N['get']>[0]>['query'];

/**
 * The query of a GET: keyed by the URL it reads (what the offline copy of src/web/lib/offline.ts is
 * kept under), read through the typed client with the call's options (retries, nullOn401).
 */
export function read<N extends Readable, O extends CallOptions & { query?: QueryOf<N> }>(node: N, options: O = {} as O) {
  const { query, ...call } = options;
  type Data = Awaited<ReturnType<N['get']>> | (O extends { nullOn401: true } ? null : never);
  return queryOptions({
    queryKey: [node['~path'] + searchOf(query as Record<string, string> | undefined)],
    queryFn: ({ signal }) => node.get({ ...call, query, signal } as never) as Promise<Data>,
  });
}
