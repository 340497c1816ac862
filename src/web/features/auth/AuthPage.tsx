import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ClientPassword, Email, Name, RegistrationUsername } from '../../../modules/auth/model';
import { ApiError, post } from '../../lib/api';
import { Field, checkForm, serverFieldError, type FieldErrors } from '../../ui/form';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { USER_KEY, useUser, type User } from './hooks';

const LoginForm = v.object({ email: Email, password: v.pipe(v.string(), v.minLength(1, 'Password is required')) });
const RegisterForm = v.object({ email: Email, username: RegistrationUsername, password: ClientPassword, name: Name });

/** What the login toast says for a failure (A §8 "Authentication toasts"). */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Login failed. Please check your credentials.';
  if (error.code === 'Database Connection Issue') return 'We are having temporary connectivity issues. Please try again in a moment.';
  if (error.code === 'Authentication Failed') return 'Invalid email or password. Please try again.';
  if (error.serverMessage && /verified/i.test(error.serverMessage)) return 'Please verify your email before logging in.';
  if (error.status === 429 || error.status === 0) return error.message;
  return 'Login failed. Please check your credentials.';
}

/** What the registration toast says for a failure. */
export function registerFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Failed to create account. Please try again.';
  if (error.code === 'Validation Error') return error.serverMessage ?? error.message;
  if (error.code === 'Email Error') return 'This email is already registered. Please try logging in instead.';
  if (error.code === 'Username Error') return 'This username is already taken. Please choose another one.';
  if (error.status === 429 || error.status === 0) return error.message;
  return 'Failed to create account. Please try again.';
}

const GOOGLE_ERRORS: Record<string, string> = {
  google_unconfigured: 'Google sign-in is not configured',
  google: 'Google sign-in failed. Please try again.',
};

export function AuthPage() {
  const { data: user, isPending } = useUser();
  const search = useSearch({ from: '/auth' });
  const [tab, setTab] = useState<'login' | 'register'>(search.tab === 'register' ? 'register' : 'login');

  useEffect(() => {
    const message = search.error ? GOOGLE_ERRORS[search.error] : undefined;
    if (message) toast.error(message);
  }, [search.error]);

  if (isPending) return <Spinner />;
  if (user) return <Navigate to={safeRedirect(search.redirect)} replace />;

  return (
    <section className="auth">
      <div className="auth-intro">
        <h1>
          Kalimat <span className="arabic" lang="ar" dir="rtl">كلمات</span>
        </h1>
        <p>Learn Lebanese Arabic the way it is spoken in Beirut: words, verbs, sentences and lessons in English, arabizi and Arabic script.</p>
        <p className="muted">Every new account starts with a free 7-day trial of everything.</p>
      </div>
      <div className="card auth-card">
        <div className="tabs" role="tablist" aria-label="Sign in or create an account">
          <button type="button" role="tab" aria-selected={tab === 'login'} className="tab" onClick={() => setTab('login')}>
            Login
          </button>
          <button type="button" role="tab" aria-selected={tab === 'register'} className="tab" onClick={() => setTab('register')}>
            Register
          </button>
        </div>
        {tab === 'login' ? <LoginTab redirect={search.redirect} /> : <RegisterTab redirect={search.redirect} />}
        <div className="divider">or</div>
        <a className="button button-google" href="/auth/google">
          Continue with Google
        </a>
      </div>
    </section>
  );
}

/** Only same-site paths are followed after signing in. */
function safeRedirect(redirect?: string) {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/auth') ? redirect : '/words';
}

function useSignedIn(redirect?: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: User) => {
    queryClient.setQueryData(USER_KEY, user);
    navigate({ to: safeRedirect(redirect) });
  };
}

function LoginTab({ redirect }: { redirect?: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(redirect);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(LoginForm, { email, password });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      signedIn(await post<User>('/api/login', checked.data));
    } catch (error) {
      setPassword('');
      toast.error('Login failed', { description: loginFailureMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <button type="submit" className="button button-wide" disabled={pending}>
        {pending ? 'Logging in...' : 'Login'}
      </button>
      <Link to="/request-reset" className="small-link">
        Forgot your password?
      </Link>
    </form>
  );
}

function RegisterTab({ redirect }: { redirect?: string }) {
  const [values, setValues] = useState({ email: '', username: '', password: '', name: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const signedIn = useSignedIn(redirect);
  const change = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(RegisterForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const result = await post<User | { user: User }>('/api/register', checked.data);
      toast.success('Registration successful', { description: 'Your account has been created successfully!' });
      signedIn('user' in result ? result.user : result);
    } catch (error) {
      const fieldError = error instanceof ApiError && error.code === 'Validation Error' ? serverFieldError(error, ['email', 'username', 'password', 'name']) : undefined;
      if (fieldError) setErrors(fieldError);
      toast.error('Registration Failed', { description: registerFailureMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={change('email')} error={errors.email} />
      <Field label="Username" name="username" autoComplete="username" value={values.username} onChange={change('username')} error={errors.username} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <Field label="Name" name="name" autoComplete="name" value={values.name} onChange={change('name')} error={errors.name} />
      <button type="submit" className="button button-wide" disabled={pending}>
        {pending ? 'Creating account...' : 'Create account'}
      </button>
    </form>
  );
}
