import { Outlet, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, useLocation, type RouteComponent } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { searchOf } from './lib/search';
import { useIsMobile } from './lib/useIsMobile';
import { useUser } from './features/auth/hooks';
import { Footer } from './features/shell/Footer';
import { useLiveEvents } from './features/shell/live';
import { Nav } from './features/shell/Nav';
import { ErrorFallback, HomeRedirect, NotFoundPage } from './features/shell/pages';
import { Protected } from './features/shell/Protected';
import { AuthPage } from './features/auth/AuthPage';
import { LandingPage } from './features/auth/LandingPage';
import { Spinner } from './ui/Spinner';
import { loadToasts, TOAST_MS } from './ui/toast';
import { billingRoutes } from './features/billing/routes';
import { vocabularyRoutes } from './features/vocabulary/routes';
import { whichWordRoutes } from './features/which-word/routes';
import { lettersRoutes } from './features/letters/routes';
import { sentencesRoutes } from './features/sentences/routes';
import { statsRoutes } from './features/stats/routes';

const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

export interface RouterContext {
  queryClient: QueryClient;
}

/** The frame: navigation for a signed-in learner (hidden on /auth), the page, the footer, one toast at a time. */
function Frame() {
  const { data: user, isPending } = useUser();
  const { pathname } = useLocation();
  useLiveEvents(!!user);
  // Toasts sit where they cover neither the navigation nor the card's buttons (at the top on phones).
  const mobile = useIsMobile();
  const showNav = !!user && pathname !== '/auth';
  return (
    <div className="frame">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {showNav ? (
        <Nav user={user} />
      ) : (
        <header className="site-header minimal">
          <a href="/" className="banner">
            <span className="banner-title">Kalimat</span>
            <span className="banner-subtitle">Learn Lebanese Arabic</span>
          </a>
        </header>
      )}
      {/* Until the user is known the page waits under the header: the navigation that may replace the
          header is taller, and content drawn below it would jump down when it comes. */}
      {isPending ? (
        <Spinner />
      ) : (
        <>
          <main id="main" className="main">
            <Outlet />
          </main>
          <Footer />
        </>
      )}
      <Suspense fallback={null}>
        <Toaster position={mobile ? 'top-center' : 'bottom-right'} visibleToasts={1} duration={TOAST_MS} richColors closeButton />
      </Suspense>
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Frame,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorFallback,
});

const publicRoute = (path: string, component: RouteComponent) => createRoute({ getParentRoute: () => rootRoute, path, component });

/*
 * Every screen is its own chunk, fetched when its route is entered or a link to it is hovered
 * (defaultPreload: 'intent'), so /landing and /auth download only what they show. Those two are the
 * first screen of most visits and small: they come with the entry chunk, a round trip sooner.
 */
const homeRoute = publicRoute('/', HomeRedirect);
const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  component: AuthPage,
  validateSearch: searchOf('redirect', 'error', 'tab'),
});
const requestResetRoute = publicRoute('/request-reset', lazyRouteComponent(() => import('./features/auth/ResetPages'), 'RequestResetPage'));
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('./features/auth/ResetPages'), 'ResetPasswordPage'),
  validateSearch: searchOf('token'),
});
const privacyRoute = publicRoute('/privacy-policy', lazyRouteComponent(() => import('./features/legal/LegalPage'), 'PrivacyPolicyPage'));
const termsRoute = publicRoute('/terms-of-service', lazyRouteComponent(() => import('./features/legal/LegalPage'), 'TermsOfServicePage'));
const errorExamplesRoute = publicRoute('/error-examples', lazyRouteComponent(() => import('./features/errors/ErrorExamplesPage'), 'ErrorExamplesPage'));
const landingRoute = publicRoute('/landing', LandingPage);

export const protectedRoute = createRoute({ getParentRoute: () => rootRoute, id: '_protected', component: Protected });
const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./features/auth/SettingsPage'), 'SettingsPage'),
  validateSearch: searchOf('tab'),
});
const supportRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/support',
  component: lazyRouteComponent(() => import('./features/auth/SupportPage'), 'SupportPage'),
  validateSearch: searchOf('status', 'key'),
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  authRoute,
  requestResetRoute,
  resetPasswordRoute,
  privacyRoute,
  termsRoute,
  errorExamplesRoute,
  landingRoute,
  ...billingRoutes.public,
  ...vocabularyRoutes.public,
  ...whichWordRoutes.public,
  ...lettersRoutes.public,
  ...sentencesRoutes.public,
  ...statsRoutes.public,
  protectedRoute.addChildren([
    settingsRoute,
    supportRoute,
    ...billingRoutes.protected,
    ...vocabularyRoutes.protected,
    ...whichWordRoutes.protected,
    ...lettersRoutes.protected,
    ...sentencesRoutes.protected,
    ...statsRoutes.protected,
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
