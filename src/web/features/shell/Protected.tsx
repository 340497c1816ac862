import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { USER_KEY, useUser } from '../auth/hooks';
import { ApiError, post } from '../../lib/api';
import { Spinner } from '../../ui/Spinner';
import { ErrorDisplay } from '../../ui/ErrorDisplay';
import { LOAD_FAILURES } from '../../lib/messages';
import { toast } from '../../ui/toast';

const VERIFY_ALERT =
  'Please check your email to verify your account before accessing this feature. The verification link has been sent to your email address.';

/** Protected routes (docs/product-rules.md#screens): spinner while loading, /auth without a user, the alert when unverified. */
export function Protected() {
  const { data: user, isPending, isError, error, refetch } = useUser();
  // The page the visitor asked for: the resolved location, not one a redirect is already heading to.
  const href = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href });
  // A navigation already under way (a logout, or this redirect itself while /auth loads) is not a visit
  // to come back to after login, nor a reason to navigate again.
  const leaving = useRouterState({ select: (state) => state.location.href !== href }) || href.startsWith('/auth');
  if (isPending) return <Spinner />;
  // Only a 401 means "no user"; a server or network failure is not a reason to ask for a login.
  if (isError && user === undefined) return <UserLoadFailed error={error} onRetry={() => refetch()} />;
  if (!user) return leaving ? null : <Navigate to="/auth" search={{ redirect: href }} replace />;
  if (!user.isVerified) return <VerifyAlert />;
  return (
    <>
      <VerifiedToast />
      <Outlet />
    </>
  );
}

export function UserLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorDisplay error={error} variant="full" message={LOAD_FAILURES.user} onRetry={onRetry} showHelp queryKey={USER_KEY} />;
}

export function VerifyAlert() {
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
      await post('/api/resend-verification');
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
