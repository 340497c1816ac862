import { createRoute, createRouter, lazyRouteComponent, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { firstScreen, type FirstScreen, type Layouts } from './lib/routes';
import { searchKeys } from './lib/search';
import { homeRoute, layouts, rootRoute, sessionRoute, signedInRoute, verifiedRoute } from './shell/layouts';
import { authRoutes } from './features/auth/routes';
import { billingRoutes } from './features/billing/routes';
import { dialoguesRoutes } from './features/dialogues/routes';
import { errorsRoutes } from './features/errors/routes';
import { grammarRoutes } from './features/grammar/routes';
import { legalRoutes } from './features/legal/routes';
import { lettersRoutes } from './features/letters/routes';
import { listeningRoutes } from './features/listening/routes';
import { sentencesRoutes } from './features/sentences/routes';
import { statsRoutes } from './features/stats/routes';
import { vocabularyRoutes } from './features/vocabulary/routes';
import { whichWordRoutes } from './features/which-word/routes';

/*
 * Every screen is its own chunk, fetched when its route is entered or a link to it is hovered
 * (defaultPreload: 'intent'), so each page downloads only what it shows. The entry chunk holds the
 * runtime and the frame; a first screen's chunk is named by the page the server sends, so it comes
 * beside the entry chunk (firstScreen). The screens that put several features together (the front
 * page, Account Settings) are the shell's.
 */
const shellScreens = ({ visitor, signedIn }: Layouts) => [
  createRoute({
    getParentRoute: () => visitor,
    path: '/landing',
    component: lazyRouteComponent(() => import('./shell/LandingPage'), 'LandingPage'),
    ...firstScreen('shell/LandingPage.tsx'),
  }),
  createRoute({
    getParentRoute: () => signedIn,
    path: '/settings',
    component: lazyRouteComponent(() => import('./shell/SettingsScreen'), 'SettingsScreen'),
    validateSearch: searchKeys('tab'),
  }),
];

const screens = [shellScreens, authRoutes, billingRoutes, vocabularyRoutes, whichWordRoutes, listeningRoutes, lettersRoutes, sentencesRoutes, dialoguesRoutes, grammarRoutes, statsRoutes, legalRoutes, errorsRoutes].flatMap(
  (routes) => routes(layouts),
);
const under = (layout: Layouts[keyof Layouts]) => screens.filter((route) => route.options.getParentRoute?.() === layout);

const routeTree = rootRoute.addChildren([
  ...under(layouts.visitor),
  sessionRoute.addChildren([homeRoute, verifiedRoute.addChildren([...under(layouts.verified), signedInRoute.addChildren(under(layouts.signedIn))])]),
]);

export function createAppRouter(queryClient: QueryClient) {
  // Every query value of the app is text (src/web/lib/search.ts), written as it is: the router's default
  // quotes text that reads as JSON, and Help's /support?status=400 became ?status=%22400%22.
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    firstScreen?: FirstScreen;
  }
}
