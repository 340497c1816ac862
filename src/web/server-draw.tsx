/**
 * The server's drawer of a learner's first screen (src/lib/screens.ts): a worker of the server process,
 * built by the build with React's production build (scripts/build.ts), so its browser stand-ins
 * (prerender-env.ts) stay out of the server's globals and a drawing never holds up an answer.
 *
 * Asked for a screen with the reads the server made for it, it draws the app from them as the browser
 * will hydrate it, and answers with the whole page, compressed, carrying the query cache dehydrated and
 * the decisions made while drawing (src/web/lib/drawn.ts); or with the reads the screen asked for that
 * it was not given: the server makes those and asks again. The server's thread only makes the reads.
 */
import './prerender-env';
import { dehydrate } from '@tanstack/react-query';
import type { DrawAnswer, Drawing, DrawRequest } from '../shared/drawn';
import { compressed, drawnPage } from '../lib/drawn-page';
import { draw } from './draw';
import { decisions, forgetDecisions } from './lib/drawn';
import { createQueryClient } from './lib/query';

async function drawScreen({ url, page, reads, kept, acceptEncoding, lastRound }: DrawRequest): Promise<Drawing> {
  for (const [store, entries] of [
    [localStorage, kept.local],
    [sessionStorage, kept.session],
  ] as const) {
    store.clear();
    for (const [key, value] of Object.entries(entries)) store.setItem(key, value);
  }
  forgetDecisions();
  const queryClient = createQueryClient();
  for (const [key, json] of Object.entries(reads)) queryClient.setQueryData([key], JSON.parse(json));
  // What the drawing reads (the guards' and the components' queries) is all the page carries: the review
  // is drawn at /words, whose loader's deck it does not show.
  const drawnFrom = new Set<string>();
  const cache = queryClient.getQueryCache();
  const build = cache.build.bind(cache);
  cache.build = ((client, options, state) => {
    const query = build(client, options, state);
    drawnFrom.add(query.queryHash);
    return query;
  }) as typeof cache.build;
  // Nothing is fetched here: a read a loader would start is noted for the server to make.
  const missing = new Set<string>();
  queryClient.prefetchQuery = async (options) => {
    if (queryClient.getQueryData(options.queryKey) === undefined) missing.add(String(options.queryKey[0]));
  };
  try {
    const screen = await draw(url, queryClient);
    // And a read a screen's component asked for.
    for (const query of queryClient.getQueryCache().getAll()) if (query.state.data === undefined) missing.add(String(query.queryKey[0]));
    const unread = [...missing].filter((key) => key.startsWith('/api/') && !(key in reads));
    if (unread.length > 0 && !lastRound) return { missing: unread };
    if (screen === null) return { body: null };
    const drawnCache = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => drawnFrom.has(query.queryHash) && query.state.status === 'success',
    });
    const html = await drawnPage(page, screen, { cache: drawnCache, decisions: decisions() });
    return compressed(html, acceptEncoding);
  } finally {
    queryClient.clear();
  }
}

declare const self: Worker;

// One drawing at a time: the browser stand-ins and the decisions are this worker's globals.
let queue = Promise.resolve();
self.onmessage = ({ data }: MessageEvent<DrawRequest>) => {
  queue = queue.then(() =>
    drawScreen(data).then(
      (answer) =>
        self.postMessage({ id: data.id, ...answer } satisfies DrawAnswer, 'body' in answer && answer.body ? [answer.body.buffer] : []),
      (error: unknown) =>
        self.postMessage({
          id: data.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies DrawAnswer),
    ),
  );
};
