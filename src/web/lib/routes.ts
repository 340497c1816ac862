import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { User } from './session';

/** What every route's guard and loader receive: the query cache, and below the session layout the user (undefined when its read failed). */
export interface RouterContext {
  queryClient: QueryClient;
  user?: User | null;
}

/** Any feature's query: each keeps its types where it is defined; started here, its data is not read. */
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A loader's reads (each feature's queryOptions): started as the route loads or a link to it is hovered,
 * into the cache the screen reads, without holding the navigation (docs/decisions/0018-client-shell.md).
 * Below the session layout they wait for a learner: a visitor has nothing to read there, and a user
 * read that failed shows its own card rather than the failures of reads made without a session.
 */
export function prefetch(context: RouterContext, ...queries: AnyQuery[]) {
  if ('user' in context && !context.user) return;
  for (const query of queries) void context.queryClient.prefetchQuery(query);
}

/** What the build reads off a screen a visit often opens first (scripts/build.ts). */
export interface FirstScreen {
  /** The screen's module, from src/web (the chunk the route's lazy component imports). */
  module: string;
  /** The URLs of its reads. */
  reads: string[];
}

/**
 * The loader of a screen a visit often opens first (/landing, /auth and a learner's usual start), and the
 * same facts for the build: the page the server sends for such a visit names the screen's chunks and
 * reads, so a phone downloads them beside the runtime instead of one after another (src/lib/static.ts).
 * `module` is the path of what the route's component imports, from src/web.
 */
export function firstScreen(module: string, ...reads: AnyQuery[]) {
  return {
    staticData: { firstScreen: { module, reads: reads.map((query) => String(query.queryKey[0])) } satisfies FirstScreen },
    loader: ({ context }: { context: RouterContext }) => prefetch(context, ...reads),
  };
}
