import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, del, post, put } from '../../lib/api';
import { ConfirmDialog } from '../../ui/Confirm';
import { Field, checkForm, serverFieldError, type FieldErrors } from '../../ui/form';
import { toast } from '../../ui/toast';
import { SubscriptionPanel } from '../billing/SubscriptionPanel';
import { HelpText } from './HelpText';
import { SupportForm } from './SupportForm';
import { USER_KEY, useUser, type User } from './hooks';

const TABS = ['Profile', 'Subscription', 'Support', 'Help'] as const;
type Tab = (typeof TABS)[number];

export function SettingsPage() {
  const search = useSearch({ from: '/_protected/settings' });
  const [tab, setTab] = useState<Tab>(TABS.find((t) => t.toLowerCase() === search.tab) ?? 'Profile');
  return (
    <section className="card">
      <h1>Account Settings</h1>
      <div className="tabs" role="tablist">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" className="tab" aria-selected={tab === t} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tab-panel">
        {tab === 'Profile' && <ProfileTab />}
        {tab === 'Subscription' && <SubscriptionPanel />}
        {tab === 'Support' && <SupportForm />}
        {tab === 'Help' && <HelpText />}
      </div>
    </section>
  );
}

const ProfileForm = v.object({
  username: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(3, 'Username must be at least 3 characters'),
    v.maxLength(50, 'Username must not exceed 50 characters'),
  ),
});

const PasswordForm = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.minLength(1, 'Current password is required')),
    newPassword: v.pipe(v.string(), v.minLength(6, 'New password must be at least 6 characters')),
    confirmNewPassword: v.string(),
  }),
  v.forward(
    v.partialCheck([['newPassword'], ['confirmNewPassword']], (input) => input.newPassword === input.confirmNewPassword, "Passwords don't match"),
    ['confirmNewPassword'],
  ),
);

function ProfileTab() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="stack">
      <UsernameForm user={user} />
      <PasswordChange />
      <DeleteAccount />
    </div>
  );
}

function UsernameForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(ProfileForm, { username });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      const updated = await put<User>('/api/user/profile', checked.data);
      queryClient.setQueryData(USER_KEY, updated);
      toast.success('Profile Updated', { description: 'Your username has been saved.' });
    } catch (error) {
      const taken = error instanceof ApiError && error.code === 'Username Error';
      const message = taken ? 'This username is already taken. Please choose another one.' : 'Failed to update profile. Please try again.';
      setErrors(taken ? { username: message } : (serverFieldError(error, ['username']) ?? {}));
      toast.error('Update failed', { description: message });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <h2>Profile</h2>
      <p className="muted">
        Signed in as <strong>{user.email}</strong>
      </p>
      <Field label="Username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} />
      <button type="submit" className="button" disabled={pending || username.trim() === user.username}>
        {pending ? 'Saving...' : 'Save username'}
      </button>
    </form>
  );
}

function PasswordChange() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [field]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(PasswordForm, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setPending(true);
    try {
      await post('/api/user/change-password', checked.data);
      toast.success('Password Updated', { description: 'Your password has been changed. Other devices have been signed out.' });
      setValues({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
    } catch (error) {
      const fieldError = serverFieldError(error, ['currentPassword', 'newPassword', 'confirmNewPassword']);
      if (fieldError) setErrors(fieldError);
      else if (error instanceof ApiError && /current password/i.test(error.serverMessage ?? '')) setErrors({ currentPassword: error.serverMessage! });
      else if (error instanceof ApiError && /password/i.test(error.serverMessage ?? '')) setErrors({ newPassword: error.serverMessage! });
      toast.error('Failed to change password', { description: error instanceof ApiError && error.serverMessage ? error.message : undefined });
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <h2>Change password</h2>
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
      <Field
        label="Confirm new password"
        name="confirmNewPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmNewPassword}
        onChange={set('confirmNewPassword')}
        error={errors.confirmNewPassword}
      />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Saving...' : 'Change password'}
      </button>
    </form>
  );
}

function DeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await del('/api/user/delete');
      toast.success('Account Deleted', { description: 'Your account will be removed in 30 days. Log in before then to restore it.' });
      queryClient.clear();
      queryClient.setQueryData(USER_KEY, null);
      navigate({ to: '/landing' });
    } catch {
      toast.error('Delete failed', { description: 'Failed to delete account. Please try again.' });
      setPending(false);
      setAsking(false);
    }
  }

  return (
    <div className="danger-zone">
      <h2>Delete account</h2>
      <p>Your account and progress are kept for 30 days, then deleted for good. Logging in before then restores everything.</p>
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        Delete account
      </button>
      {asking && (
        <ConfirmDialog title="Delete your account?" confirmLabel={pending ? 'Deleting...' : 'Delete account'} pending={pending} onConfirm={confirm} onCancel={() => setAsking(false)}>
          <p>You will be logged out and any subscription will be cancelled. You can restore the account by logging in within 30 days.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
