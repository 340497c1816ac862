import { useEffect, useRef, useState } from 'react';
import { Outlet, createRootRouteWithContext, createRoute, redirect, useNavigate, useRouteContext, useRouter, useRouterState, type AnyRoute } from '@tanstack/react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { VERIFY_ALERT } from '../../shared/errors';
import { USER_KEY, useUser, userQuery, type User } from '../lib/session';
import { ApiError, server } from '../lib/api';
import { QueryBoundary } from '../ui/QueryBoundary';
import { LOAD_FAILURES } from '../lib/messages';
import type { Layouts, RouterContext } from '../lib/routes';
import { toast } from '../ui/toast';
import { Frame } from './Frame';
import { ErrorFallback, NotFoundPage } from './pages';

/**
 * The user the guards decide on: the cached one, or the read under way, or undefined when the read
 * failed. A failed read is not asked again on every navigation: Retry on the failure card asks.
 */
async function knownUser(queryClient: QueryClient): Promise<User | null | undefined> {
  if (queryClient.getQueryState(USER_KEY)?.status === 'error') return queryClient.getQueryData(USER_KEY);
  return queryClient.ensureQueryData(userQuery).catch(() => undefined);
}

/** Whether a guard's answer for `user` differs for `live`: only signing in or out changes where they send. */
const signedIn = (user: User | null | undefined) => (user === undefined ? undefined : !!user);

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Frame,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorFallback,
});

/**
 * Every screen that depends on who is signed in (docs/product-rules.md#screens): the user is in the
 * router context for the guards below, and a failed read shows the user load-failure card (only a 401
 * means "no user"; a server or network failure is not a reason to ask for a login).
 */
export const sessionRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_session',
  beforeLoad: async ({ context }) => ({ user: await knownUser(context.queryClient) }),
  component: SessionLayout,
});

/** Where a visitor is sent from `/` and from the learner's screens. */
const VISITOR_START = '/auth';

/** `/`: All Words for a learner, /auth otherwise (while the user loads, the frame's spinner). */
export const homeRoute = createRoute({
  getParentRoute: () => sessionRoute,
  path: '/',
  beforeLoad: ({ context: { user } }) => {
    if (user !== undefined) throw redirect({ to: user ? '/words' : VISITOR_START, replace: true });
  },
});

/** A signed-in learner who has not verified the e-mail address sees the alert instead of the screen. */
export const verifiedRoute = createRoute({ getParentRoute: () => sessionRoute, id: '_verified', component: VerifiedLayout });

/** Screens for a signed-in learner: a visitor goes to /auth, and comes back to the page asked for after logging in. */
export const signedInRoute = createRoute({
  getParentRoute: () => verifiedRoute,
  id: '_signedIn',
  beforeLoad: ({ context: { user }, location }) => {
    if (user === null) throw redirect({ to: VISITOR_START, search: { redirect: location.href }, replace: true });
  },
  component: SignedInLayout,
});

export const layouts: Layouts = { visitor: rootRoute, verified: verifiedRoute, signedIn: signedInRoute };

/**
 * Where a signed-out visitor who opens `route` ends, by the guards above: the build names that
 * screen's code in the page the server sends such a visit (scripts/build.ts).
 */
export function visitorEnd(route: AnyRoute): string {
  for (let parent: AnyRoute | undefined = route; parent; parent = parent.parentRoute) {
    if (parent === homeRoute || parent === signedInRoute) return VISITOR_START;
  }
  return route.fullPath;
}

/**
 * The guards run on navigation; signing in or out on the page (logout, an expired session found by a
 * read, Retry on the failure card) runs them again, unless a navigation already under way will.
 */
function SessionLayout() {
  const session = useUser();
  const user = session.data;
  const decidedOn = useRouteContext({ from: sessionRoute.id, select: (context) => signedIn(context.user) });
  const navigating = useRouterState({ select: (state) => state.status === 'pending' || state.location.href !== state.resolvedLocation?.href });
  const router = useRouter();
  const now = signedIn(user);
  useEffect(() => {
    if (now !== decidedOn && !navigating) void router.invalidate();
  }, [now, decidedOn, navigating, router]);
  return (
    <QueryBoundary query={session} failure={{ variant: 'full', message: LOAD_FAILURES.user, showHelp: true, queryKey: USER_KEY }}>
      {() => <Outlet />}
    </QueryBoundary>
  );
}

function VerifiedLayout() {
  const { data: user } = useUser();
  if (user && !user.isVerified) return <VerifyAlert />;
  return (
    <>
      {user && <VerifiedToast />}
      <Outlet />
    </>
  );
}

/** A learner signing out on the page sees nothing while the guard sends them on. */
function SignedInLayout() {
  const { data: user } = useUser();
  return user ? <Outlet /> : null;
}

function VerifyAlert() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  // The link is usually followed in another tab: coming back here looks again.
  useEffect(() => {
    const recheck = () => queryClient.invalidateQueries({ queryKey: USER_KEY });
    window.addEventListener('focus', recheck);
    return () => window.removeEventListener('focus', recheck);
  }, [queryClient]);

  async function resend() {
    setPending(true);
    try {
      await server.api['resend-verification'].post();
      toast.success('Verification e-mail sent', { description: 'Open the link in the e-mail to finish setting up your account.' });
    } catch (error) {
      toast.error('Could not send the e-mail', { description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="card narrow verify-alert" role="alert">
      <h1>Verify your e-mail</h1>
      <p>{VERIFY_ALERT}</p>
      <p className="muted">No e-mail? Check your spam folder, or send it again.</p>
      <button type="button" className="button" onClick={resend} disabled={pending}>
        {pending ? 'Sending...' : 'Resend verification e-mail'}
      </button>
    </div>
  );
}

/**
 * The verification link ends on /words?verified=true: the toast says so once, then the flag leaves the
 * address so a reload does not repeat it. Rendered only for a verified learner, and it reads only
 * strings from the router: <Navigate> navigates again on every render of its parent.
 */
function VerifiedToast() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const flagged = useRouterState({ select: (state) => String((state.location.search as Record<string, unknown>).verified ?? '') });
  const shown = useRef(false);
  useEffect(() => {
    if (flagged !== 'true' || shown.current) return;
    shown.current = true;
    toast.success('Email verified', { description: 'Thank you! Your e-mail address is confirmed.' });
    navigate({ to: pathname, search: ({ verified: _, ...rest }: Record<string, unknown>) => rest, replace: true } as never);
  }, [flagged, pathname, navigate]);
  return null;
}
