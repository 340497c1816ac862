import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ApiError, post } from '../../lib/api';
import { Field, checkForm, type FieldErrors } from '../../ui/form';
import { toast } from '../../ui/toast';

const RequestForm = v.object({
  email: v.pipe(v.string(), v.trim(), v.email('Please enter a valid email address')),
});

/** /request-reset: always ends in the success state, whether or not the address has an account. */
export function RequestResetPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(RequestForm, { email });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await post('/api/request-password-reset', checked.data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        setPending(false);
        return toast.error('Too Many Requests', { description: error.message });
      }
    }
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
            Check your inbox. If an account exists for <strong>{email.trim()}</strong>, we have sent a link to choose a new password. The
            link works once and expires in one hour.
          </p>
          <Link to="/auth" className="button">
            Back to login
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <button type="submit" className="button button-wide" disabled={pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </button>
          <Link to="/auth" className="small-link">
            Back to login
          </Link>
        </form>
      )}
    </section>
  );
}

const ResetForm = v.pipe(
  v.object({
    password: v.pipe(v.string(), v.minLength(6, 'Password must be at least 6 characters')),
    confirmPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, "Passwords don't match"),
    ['confirmPassword'],
  ),
);

function invalidLink() {
  toast.error('Invalid reset link', { description: 'The password reset link is invalid or has expired.' });
}

/** /reset-password?token=…: a new password and its confirmation; an invalid link toasts and leaves. */
export function ResetPasswordPage() {
  const { token } = useSearch({ from: '/reset-password' });
  const navigate = useNavigate();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!token) {
      invalidLink();
      navigate({ to: '/auth', replace: true });
    }
  }, [token, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(ResetForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await post('/api/reset-password', { token, password: checked.data.password });
      toast.success('Password reset successful', { description: 'You can now log in with your new password.' });
      navigate({ to: '/auth' });
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.code === 'Validation Error' && /password/i.test(error.serverMessage ?? '')) {
        return setErrors({ password: error.serverMessage! });
      }
      if (error instanceof ApiError && error.status < 500 && error.status !== 429 && error.status !== 0) {
        invalidLink();
        return navigate({ to: '/auth' });
      }
      toast.error('Password reset failed', { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  return (
    <section className="card narrow">
      <h1>Choose a new password</h1>
      <form onSubmit={submit} noValidate className="form">
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          error={errors.password}
        />
        <Field
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => setValues({ ...values, confirmPassword: e.target.value })}
          error={errors.confirmPassword}
        />
        <button type="submit" className="button button-wide" disabled={pending || !token}>
          {pending ? 'Saving...' : 'Reset password'}
        </button>
      </form>
    </section>
  );
}
