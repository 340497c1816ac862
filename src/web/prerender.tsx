/**
 * The public pages a visitor opens first (/landing, /auth), drawn to HTML by the build (scripts/build.ts)
 * as a signed-out visitor sees them: the server sends them ready to read (src/lib/static.ts), so their
 * largest paint waits for no script, and main.tsx hydrates them instead of drawing them again. The
 * first paint of every other page, index.html's, is drawn here too, from the frame's own header.
 */
import './prerender-env';
import type { AnyRoute } from '@tanstack/react-router';
import { prerender as renderStatic } from 'react-dom/static';
import { DRAWN_PAGES } from '../lib/static';
import { draw } from './draw';
import { USER_KEY, userQuery } from './lib/session';
import { createQueryClient } from './lib/query';
import type { FirstScreen } from './lib/routes';
import { createAppRouter } from './router';
import { FirstPaint } from './shell/Frame';
import { visitorEnd } from './lib/layout-routes';

/** `path` drawn as a signed-out visitor first sees it. */
export async function prerender(path: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(USER_KEY, null);
  const html = await draw(path, queryClient);
  queryClient.clear();
  if (html === null) throw new Error(`${path} did not draw as a visitor sees it: its route sent it elsewhere or failed`);
  return html;
}

/** The screens a visit often opens first, by path, with their module and reads (firstScreen in lib/routes.ts). */
function firstScreens(routes: AnyRoute[]): Record<string, FirstScreen> {
  return Object.fromEntries(
    routes.flatMap((route) => (route.options.staticData?.firstScreen ? [[route.fullPath, route.options.staticData.firstScreen]] : [])),
  );
}

/** The fixed paths whose signed-out visitor ends on a drawn page (`/` and the learner's screens on /auth), with that page. */
function visitorEnds(routes: AnyRoute[]): Record<string, string> {
  return Object.fromEntries(
    routes.flatMap((route) => {
      const end = visitorEnd(route);
      return !route.fullPath.includes('$') && DRAWN_PAGES.includes(end) ? [[route.fullPath, end]] : [];
    }),
  );
}

// Run by the build as its own process (production React, nothing left in the build's globals):
// prints index.html's first paint, each page's HTML, the first screens, where a visitor ends and the
// user's read as JSON.
if (import.meta.main) {
  const pages: Record<string, string> = {};
  for (const path of DRAWN_PAGES) pages[path] = await prerender(path);
  const firstPaint = await new Response((await renderStatic(<FirstPaint />)).prelude).text();
  const routes = Object.values(createAppRouter(createQueryClient()).routesByPath) as AnyRoute[];
  process.stdout.write(
    JSON.stringify({
      firstPaint,
      pages,
      firstScreens: firstScreens(routes),
      visitorEnds: visitorEnds(routes),
      userRead: String(userQuery.queryKey[0]),
    }),
  );
  process.exit(0);
}
