import { createMemoryHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prerender as renderStatic } from 'react-dom/static';
import { App } from './App';
import { createAppRouter } from './router';

/**
 * The app at `url` drawn from what `queryClient` holds, as the browser hydrates it; null when the router
 * did not end on that screen (a guard sent it elsewhere, or it failed). The build draws the public pages
 * with it (prerender.tsx), and the server a learner's first screen (server-draw.tsx).
 */
export async function draw(url: string, queryClient: QueryClient): Promise<string | null> {
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const { location, resolvedLocation, matches } = router.state;
  // A guard's redirect leaves the location unresolved on a server, and moves it in a browser.
  const ended = resolvedLocation?.href === location.href && location.pathname === new URL(url, 'http://drawn').pathname;
  if (!ended || matches.some((match) => match.status !== 'success')) return null;
  // Waits for the lazy parts (the landing deck, the toasts) so each is drawn as the browser first
  // draws it, loading; hydration then leaves it as it is until its chunk has come.
  // Every part inline, however long: an outlined part waits for a script to show it, and the page's are removed.
  const { prelude } = await renderStatic(<App queryClient={queryClient} router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  // The router's scroll-restoration script is for pages rendered per request; the browser restores a
  // page loaded from the network itself, and the client router takes over after it. In the browser the
  // router wraps the page in one more Suspense boundary than on a server (Matches in
  // @tanstack/react-router): its markers are added so the HTML hydrates as the browser renders it.
  return `<!--$-->${html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')}<!--/$-->`;
}
