import { createRoute, createRouter, lazyRouteComponent, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { homeRoute, rootRoute, sessionRoute, signedInRoute, verifiedRoute } from './lib/layout-routes';
import { firstScreen, type FirstScreen } from './lib/routes';
import { searchKeys } from './lib/search';
import { Frame } from './shell/Frame';
import { SessionLayout, SignedInLayout, VerifiedLayout } from './shell/layouts';
import { ErrorFallback, NotFoundPage } from './shell/pages';
import { authRoutes } from './features/auth/routes';
import { billingRoutes } from './features/billing/routes';
import { conversationsRoutes } from './features/conversations/routes';
import { courseRoutes } from './features/course/routes';
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
 *
 * One tree, built with addChildren from the routes themselves, so that every link, navigate, param and
 * search is checked by tsc against it (src/web/routes.typecheck.tsx, docs/decisions/0056-typed-route-tree.md).
 */
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  component: lazyRouteComponent(() => import('./shell/LandingPage'), 'LandingPage'),
  ...firstScreen('shell/LandingPage.tsx'),
});

const settingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./shell/SettingsScreen'), 'SettingsScreen'),
  validateSearch: searchKeys('tab'),
});

// The layouts' guards live below the features (src/web/lib/layout-routes.ts); what they draw is the shell's.
rootRoute.update({ component: Frame, notFoundComponent: NotFoundPage, errorComponent: ErrorFallback });
sessionRoute.update({ component: SessionLayout });
verifiedRoute.update({ component: VerifiedLayout });
signedInRoute.update({ component: SignedInLayout });

const routeTree = rootRoute.addChildren([
  landingRoute,
  ...authRoutes.visitor,
  ...billingRoutes.visitor,
  ...whichWordRoutes.visitor,
  ...lettersRoutes.visitor,
  ...statsRoutes.visitor,
  ...legalRoutes.visitor,
  ...errorsRoutes.visitor,
  sessionRoute.addChildren([
    homeRoute,
    verifiedRoute.addChildren([
      ...statsRoutes.verified,
      signedInRoute.addChildren([
        settingsRoute,
        ...authRoutes.signedIn,
        ...billingRoutes.signedIn,
        ...vocabularyRoutes.signedIn,
        ...courseRoutes.signedIn,
        ...listeningRoutes.signedIn,
        ...sentencesRoutes.signedIn,
        ...dialoguesRoutes.signedIn,
        ...conversationsRoutes.signedIn,
        ...grammarRoutes.signedIn,
      ]),
    ]),
  ]),
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
