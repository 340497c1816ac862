/** The components of the layouts of src/web/lib/layout-routes.ts, given to them by src/web/router.tsx. */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useNavigate, useRouteContext, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { VERIFY_ALERT } from '../../shared/errors';
import { USER_KEY, useUser, type User } from '../lib/session';
import { ApiError, server } from '../lib/api';
import { sessionRoute } from '../lib/layout-routes';
import { QueryBoundary } from '../ui/QueryBoundary';
import { ACCOUNT_RESTORED, LOAD_FAILURES } from '../lib/messages';
import { RESTORED_COOKIE } from '../../shared/forms';
import { toast } from '../ui/toast';

/** Whether a guard's answer for `user` differs for `live`: only signing in or out changes where they send. */
const signedIn = (user: User | null | undefined) => (user === undefined ? undefined : !!user);

/**
 * The guards run on navigation; signing in or out on the page (logout, an expired session found by a
 * read, Retry on the failure card) runs them again, unless a navigation already under way will.
 */
export function SessionLayout() {
  const session = useUser();
  const user = session.data;
  const decidedOn = useRouteContext({ from: sessionRoute.id, select: (context) => signedIn(context.user) });
  const navigating = useRouterState({
    select: (state) => state.status === 'pending' || state.location.href !== state.resolvedLocation?.href,
  });
  const router = useRouter();
  const now = signedIn(user);
  useEffect(() => {
    if (now !== decidedOn && !navigating) void router.invalidate();
  }, [now, decidedOn, navigating, router]);
  return (
    <QueryBoundary query={session} failure={{ variant: 'full', message: LOAD_FAILURES.user, showHelp: true, queryKey: USER_KEY }}>
      {() => (
        <>
          {user && <RestoredToast />}
          <Outlet />
        </>
      )}
    </QueryBoundary>
  );
}

/**
 * The form's login (docs/decisions/0041) restored this account: its note, a cookie, is read once here and
 * removed, and the learner is told as the app's login tells them (src/web/features/auth/AuthPage.tsx).
 */
function RestoredToast() {
  useEffect(() => {
    if (!new RegExp(`(?:^|;\\s*)${RESTORED_COOKIE.name}=1(?:;|$)`).test(document.cookie)) return;
    document.cookie = `${RESTORED_COOKIE.name}=; path=/; max-age=0; samesite=lax`;
    toast.success(ACCOUNT_RESTORED.title, ACCOUNT_RESTORED.options);
  }, []);
  return null;
}

export function VerifiedLayout() {
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
export function SignedInLayout() {
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
 * a string from the router: <Navigate> navigates again on every render of its parent.
 */
function VerifiedToast() {
  const navigate = useNavigate();
  const flagged = useSearch({ from: '/_session/_verified/_signedIn/words', shouldThrow: false, select: (search) => search.verified });
  const shown = useRef(false);
  useEffect(() => {
    if (flagged !== 'true' || shown.current) return;
    shown.current = true;
    toast.success('Email verified', { description: 'Thank you! Your e-mail address is confirmed.' });
    void navigate({ to: '/words', search: ({ verified: _, ...rest }) => rest, replace: true });
  }, [flagged, navigate]);
  return null;
}
