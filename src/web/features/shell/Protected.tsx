import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useUser } from '../auth/hooks';
import { Spinner } from '../../ui/Spinner';

export const VERIFY_ALERT =
  'Please check your email to verify your account before accessing this feature. The verification link has been sent to your email address.';

/** Protected routes (A §2): spinner while loading, /auth without a user, the alert when unverified. */
export function Protected() {
  const { data: user, isPending } = useUser();
  // The page the visitor asked for: the resolved location, not one a redirect is already heading to.
  const href = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href });
  if (isPending) return <Spinner />;
  if (!user) return <Navigate to="/auth" search={{ redirect: href.startsWith('/auth') ? undefined : href }} replace />;
  if (!user.isVerified) {
    return (
      <div className="card narrow" role="alert">
        <h1>Verify your e-mail</h1>
        <p>{VERIFY_ALERT}</p>
      </div>
    );
  }
  return <Outlet />;
}
