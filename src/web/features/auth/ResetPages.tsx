import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientPassword, ResetRequestBody } from '../../../modules/auth/model';
import { ApiError, server } from '../../lib/api';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { Field, serverFieldError, useFormFields } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { forgetLearner } from '../../lib/session';
import './auth.css';

/** /request-reset: always ends in the success state, whether or not the address has an account. */
export function RequestResetPage() {
  const form = useFormFields({ email: '' });
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check(ResetRequestBody);
    if (!data) return;
    setPending(true);
    // The screen ends in the same success state whatever the answer (docs/product-rules.md#accounts): nothing tells whether
    // the address has an account, or that a request was turned away.
    await server.api['request-password-reset'].post(data).catch(() => undefined);
    setPending(false);
    setSent(true);
    toast.success('Reset Email Sent', { description: 'If an account exists for that address, a reset link is on its way.' });
  }

  return (
    <section className="card narrow">
      <h1>Reset your password</h1>
      {sent ? (
        <div className="stack">
          <p>
            Check your inbox. If an account exists for <strong>{form.values.email.trim()}</strong>, we have sent a link to choose a new
            password. The link works once and expires in one hour.
          </p>
          <Link to="/auth" className="button">
            Back to login
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          <Field label="Email" type="email" autoComplete="email" autoFocus {...form.field('email')} />
          <SubmitOrBack pending={pending} label="Send reset link" pendingLabel="Sending..." />
        </form>
      )}
    </section>
  );
}

const ResetForm = v.pipe(
  v.object({
    password: ClientPassword,
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, "Passwords don't match"),
    ['confirmPassword'],
  ),
);

/** The end of both reset forms: the submit button, worded while it is pending, and the way back to login. */
function SubmitOrBack({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <>
      <button type="submit" className="button button-wide" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      <Link to="/auth" className="small-link">
        Back to login
      </Link>
    </>
  );
}

function invalidLink() {
  toast.error('Invalid reset link', { description: 'The password reset link is invalid or has expired.' });
}

/**
 * /reset-password?token=…: the link is checked as the page opens (GET /api/reset-password answers 204
 * for a usable token); an invalid or expired one toasts and leaves for /auth.
 */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormFields({ password: '', confirmPassword: '' });
  const [pending, setPending] = useState(false);
  const check = useQuery({
    queryKey: [server.api['reset-password']['~path'], token],
    // A usable token answers 204 with no body; a query must resolve to something other than undefined.
    queryFn: async ({ signal }) => {
      await server.api['reset-password'].get({ query: { token: token ?? '' }, signal });
      return true;
    },
    enabled: !!token,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const linkIsBad = !token || (check.error instanceof ApiError && check.error.status === 400);

  useEffect(() => {
    if (!linkIsBad) return;
    invalidLink();
    navigate({ to: '/auth', replace: true });
  }, [linkIsBad, navigate]);

  function leave() {
    // The reset signed out every session, this browser's too.
    forgetLearner(queryClient);
    navigate({ to: '/auth' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = form.check(ResetForm);
    if (!data) return;
    setPending(true);
    try {
      await server.api['reset-password'].post({ token, password: data.password });
      toast.success('Password reset successful', { description: 'You can now log in with your new password.' });
      leave();
    } catch (error) {
      setPending(false);
      if (!(error instanceof ApiError)) return toast.error('Password reset failed');
      if (error.code === 'Validation Error') return form.setErrors(serverFieldError(error, ['password']) ?? { password: error.message });
      if (error.code === 'Invalid Token') {
        invalidLink();
        return navigate({ to: '/auth' });
      }
      toast.error('Password reset failed', { description: error.message });
    }
  }

  if (linkIsBad) return <Spinner />;
  return (
    <section className="card narrow">
      <QueryBoundary query={check}>
        {() => (
          <>
            <h1>Choose a new password</h1>
            <form onSubmit={submit} noValidate className="form">
              <p>Use at least 8 characters, including a number.</p>
              <Field label="New password" type="password" autoComplete="new-password" autoFocus {...form.field('password')} />
              <Field label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
              <SubmitOrBack pending={pending} label="Reset password" pendingLabel="Saving..." />
            </form>
          </>
        )}
      </QueryBoundary>
    </section>
  );
}
