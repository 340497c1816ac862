import { useEffect, useRef } from 'react';
import * as v from 'valibot';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ClientPassword, Email, Name, RegistrationUsername } from '../../../modules/auth/model';
import { LOGIN_FAILURES, LOGIN_FORM_PATH, safeRedirect } from '../../../shared/forms';
import { ApiError, server } from '../../lib/api';
import { ACCOUNT_RESTORED, isDisplayableMessage } from '../../lib/messages';
import { Field, serverFieldError, useFormFields } from '../../ui/form';
import { Arabic } from '../../ui/Arabic';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { USER_KEY, useUser, type User } from '../../lib/session';
import { Tabs } from '../../ui/Tabs';
import './auth.css';

const LoginForm = v.object({ email: Email, password: v.pipe(v.string(), v.minLength(1, 'Password is required')) });
const RegisterForm = v.object({ email: Email, username: RegistrationUsername, password: ClientPassword, name: Name });

/** What the login toast says for a failure. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Login failed. Please check your credentials.';
  if (error.code === 'Database Connection Issue') return 'We are having temporary connectivity issues. Please try again in a moment.';
  if (error.code === 'Authentication Failed') return 'Invalid email or password. Please try again.';
  if (error.serverMessage && /verified/i.test(error.serverMessage)) return 'Please verify your email before logging in.';
  if (isDisplayableMessage(error.serverMessage)) return error.serverMessage;
  if (error.status === 0) return error.message;
  return 'Login failed. Please check your credentials.';
}

/** What the registration toast says for a failure. */
export function registerFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to create account. Please try again.';
  if (error.code === 'Validation Error') return isDisplayableMessage(error.serverMessage) ? error.serverMessage : error.message;
  if (error.code === 'Email Error') return 'This email is already registered. Please try logging in instead.';
  if (error.code === 'Username Error') return 'This username is already taken. Please choose another one.';
  if (error.status === 429 || error.status === 0) return error.message;
  return 'Failed to create account. Please try again.';
}

/** Toasts for the `error` a redirect to /auth carries (Google sign-in, the e-mail verification link). */
const ARRIVAL_ERRORS: Record<string, { title: string; description?: string }> = {
  google_unconfigured: { title: 'Google sign-in is not configured' },
  google: { title: 'Google sign-in failed', description: 'We could not sign you in with Google. Please try again.' },
  verification: { title: 'Verification failed', description: 'The verification link is invalid or has expired. Log in to get a new one.' },
  // The drawn login form's post, answered by the server before the app had taken the page over.
  login: { title: 'Login failed', description: 'Invalid email or password. Please try again.' },
  login_limit: { title: 'Login failed', description: 'Too many attempts. Please wait a minute and try again.' },
};

const TABS = [
  { value: 'login', label: 'Login' },
  { value: 'register', label: 'Register' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export function AuthPage() {
  const { data: user, isPending } = useUser();
  const search = useSearch({ from: '/auth' });
  const navigate = useNavigate();
  const tab: Tab = search.tab === 'register' ? 'register' : 'login';
  const router = useRouter();
  const searchOf = (next: Tab) => ({ ...search, tab: next === 'register' ? 'register' : undefined });
  const shown = useRef<string | undefined>(undefined);

  useEffect(() => {
    const arrival = search.error ? ARRIVAL_ERRORS[search.error] : undefined;
    if (!arrival || shown.current === search.error) return;
    shown.current = search.error;
    toast.error(arrival.title, { description: arrival.description });
    // Once shown, the error leaves the address so a reload does not repeat it.
    navigate({ to: '/auth', search: { ...search, error: undefined }, replace: true });
  }, [search, navigate]);

  if (isPending) return <Spinner />;
  if (user) return <GoTo href={safeRedirect(search.redirect)} />;

  return (
    <section className="auth">
      <div className="auth-intro">
        <h1>
          Kalimat <Arabic>كلمات</Arabic>
        </h1>
        <p>
          Learn Lebanese Arabic the way it is spoken in Beirut: words, verbs, sentences and lessons in English, arabizi and Arabic script.
        </p>
        <p className="muted">Every new account starts with a free 7-day trial of everything.</p>
      </div>
      <div className="card auth-card">
        <Tabs
          id="auth"
          label="Log in or create an account"
          tabs={TABS}
          selected={tab}
          onSelect={(next) => navigate({ to: '/auth', search: searchOf(next), replace: true })}
          hrefOf={(next) => router.buildLocation({ to: '/auth', search: searchOf(next) }).href}
        >
          {tab === 'login' ? <LoginTab /> : <RegisterTab />}
        </Tabs>
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <a className="button button-google" href="/auth/google">
          <GoogleMark />
          Continue with Google
        </a>
      </div>
    </section>
  );
}

/** Google's "G", drawn inline so the page needs no image from elsewhere. */
function GoogleMark() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/** Replaces the address with a same-site href, query included (the `Navigate` component takes only a route). */
function GoTo({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate({ href, replace: true });
  }, [href, navigate]);
  return <Spinner />;
}

/** Caching the user is enough: the page then re-renders signed in and goes on (see GoTo). */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (user: User) => queryClient.setQueryData(USER_KEY, user);
}

function LoginTab() {
  const form = useFormFields({ email: '', password: '' });
  const { pending } = form;
  const signedIn = useSignedIn();

  const submit = form.onSubmit(
    LoginForm,
    async (data) => {
      const reply = await server.api.login.post(data);
      if (!('restored' in reply)) return signedIn(reply);
      const { restored: _, ...user } = reply;
      toast.success(ACCOUNT_RESTORED.title, ACCOUNT_RESTORED.options);
      signedIn(user);
    },
    (error) => {
      form.set('password', '');
      document.getElementById('field-password')?.focus();
      toast.error('Login failed', { description: loginFailureMessage(error) });
    },
  );

  return (
    // Posted by the browser itself before the app has taken the drawn page over (docs/decisions/0041).
    <form onSubmit={submit} method="post" action={LOGIN_FORM_PATH} noValidate className="form">
      {/* A failed post of the drawn form names one of these in the address' fragment: CSS shows it without a script; the app's toast replaces it. */}
      {Object.entries(LOGIN_FAILURES).map(([failure, id]) => (
        <p key={id} id={id} className="form-failure" role="alert">
          {ARRIVAL_ERRORS[failure]!.description}
        </p>
      ))}
      <Field label="Email" type="email" autoComplete="email" posted {...form.field('email')} />
      <Field label="Password" type="password" autoComplete="current-password" posted {...form.field('password')} />
      <button type="submit" className="button button-wide" disabled={pending}>
        {pending ? 'Logging in...' : 'Login'}
      </button>
      <Link to="/request-reset" className="small-link">
        Forgot your password?
      </Link>
    </form>
  );
}

function RegisterTab() {
  const form = useFormFields({ email: '', username: '', password: '', name: '' });
  const { pending } = form;
  const signedIn = useSignedIn();

  const submit = form.onSubmit(
    RegisterForm,
    async (data) => {
      const result = await server.api.register.post(data);
      toast.success('Registration successful', { description: 'Your account has been created successfully!' });
      signedIn('user' in result ? result.user : result);
    },
    (error) => {
      const message = registerFailureMessage(error);
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'Validation Error') form.setErrors(serverFieldError(error, ['email', 'username', 'password', 'name']) ?? {});
      else if (code === 'Email Error') form.setErrors({ email: message });
      else if (code === 'Username Error') form.setErrors({ username: message });
      toast.error('Registration Failed', { description: message });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="form">
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <Field label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Field label="Name" autoComplete="name" {...form.field('name')} />
      <button type="submit" className="button button-wide" disabled={pending}>
        {pending ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  );
}
