import { useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, server } from '../../lib/api';
import { ConfirmDialog } from '../../ui/Confirm';
import { Field, serverFieldError, useFormFields } from '../../ui/form';
import { toast } from '../../ui/toast';
import { HelpText } from './HelpText';
import { SupportForm } from './SupportForm';
import { LearningTab } from './LearningTab';
import { USER_KEY, forgetLearner, useUser, type User } from '../../lib/session';
import { Tabs } from '../../ui/Tabs';
import './auth.css';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'learning', label: 'Learning' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'support', label: 'Support' },
  { value: 'help', label: 'Help' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/**
 * /settings: five tabs, the open one kept in the address (?tab=) so it can be linked and reloaded. The
 * Subscription tab is billing's, given by the shell (src/web/shell/SettingsScreen.tsx).
 */
export function SettingsPage({ subscription }: { subscription: ReactNode }) {
  const search = useSearch({ from: '/_session/_verified/_signedIn/settings' });
  const navigate = useNavigate();
  const tab: Tab = TABS.find((t) => t.value === search.tab)?.value ?? 'profile';
  return (
    <section className="card settings">
      <h1>Account Settings</h1>
      <Tabs
        id="settings"
        label="Account Settings"
        tabs={TABS}
        selected={tab}
        onSelect={(next) => navigate({ to: '/settings', search: { tab: next === 'profile' ? undefined : next }, replace: true })}
      >
        {tab === 'profile' && <ProfileTab />}
        {tab === 'learning' && <LearningTab />}
        {tab === 'subscription' && subscription}
        {tab === 'support' && <SupportForm />}
        {tab === 'help' && <HelpText />}
      </Tabs>
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

const NewPassword = v.pipe(v.string(), v.minLength(6, 'New password must be at least 6 characters'));
const PasswordForm = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(), v.minLength(1, 'Current password is required')),
    newPassword: NewPassword,
    confirmNewPassword: v.string(),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmNewPassword']],
      (input) => input.newPassword === input.confirmNewPassword,
      "Passwords don't match",
    ),
    ['confirmNewPassword'],
  ),
);
/** An account made with Google has no password yet: it sets one without a current one. */
const FirstPasswordForm = v.pipe(
  v.object({ newPassword: NewPassword, confirmNewPassword: v.string() }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmNewPassword']],
      (input) => input.newPassword === input.confirmNewPassword,
      "Passwords don't match",
    ),
    ['confirmNewPassword'],
  ),
);

function ProfileTab() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="stack">
      <UsernameForm user={user} />
      <PasswordChange user={user} />
      <DeleteAccount />
    </div>
  );
}

function UsernameForm({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useFormFields({ username: user.username });
  const { pending } = form;

  const submit = form.onSubmit(
    ProfileForm,
    async (data) => {
      const updated = await server.api.user.profile.put(data);
      queryClient.setQueryData(USER_KEY, updated);
      form.set('username', updated.username);
      toast.success('Profile Updated', { description: 'Your username has been saved.' });
    },
    (error) => {
      const code = error instanceof ApiError ? error.code : undefined;
      const fieldError =
        code === 'Username Error'
          ? { username: 'This username is already taken. Please choose another one.' }
          : code === 'Validation Error'
            ? serverFieldError(error, ['username'])
            : undefined;
      form.setErrors(fieldError ?? {});
      toast.error('Update failed', { description: fieldError?.username ?? 'Failed to update profile. Please try again.' });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="form settings-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <p className="muted">
        Signed in as <strong>{user.email}</strong>
      </p>
      <Field label="Username" autoComplete="username" {...form.field('username')} />
      <button type="submit" className="button" disabled={pending || form.values.username.trim() === user.username}>
        {pending ? 'Saving...' : 'Save username'}
      </button>
    </form>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

function PasswordChange({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const form = useFormFields(EMPTY_PASSWORDS);
  const { pending } = form;
  const first = !user.hasPassword;

  const submit = form.onSubmit(
    first ? FirstPasswordForm : PasswordForm,
    async (data) => {
      await server.api.user['change-password'].post(data);
      toast.success('Password Updated', {
        description: first
          ? 'You can now also log in with your e-mail address and this password.'
          : 'Your password has been changed. Other devices have been logged out.',
      });
      form.setValues(EMPTY_PASSWORDS);
      // hasPassword changes, and this browser now holds the fresh session the server sent.
      queryClient.invalidateQueries({ queryKey: USER_KEY });
    },
    (error) => {
      const fieldError =
        error instanceof ApiError && error.code === 'Validation Error'
          ? serverFieldError(error, ['currentPassword', 'newPassword', 'confirmNewPassword'])
          : undefined;
      form.setErrors(fieldError ?? {});
      const serverSaid = error instanceof ApiError && error.serverMessage ? error.message : undefined;
      toast.error('Failed to change password', { description: serverSaid });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="form settings-section" aria-labelledby="password-heading">
      <h2 id="password-heading">{first ? 'Set a password' : 'Change password'}</h2>
      {first ? (
        <p className="muted">
          You log in with Google. Set a password to log in with your e-mail address too. Use at least 8 characters, including a number.
        </p>
      ) : (
        <p className="muted">Use at least 8 characters, including a number. Your other devices will be logged out.</p>
      )}
      {!first && <Field label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />}
      <Field label="New password" type="password" autoComplete="new-password" {...form.field('newPassword')} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmNewPassword')} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Saving...' : first ? 'Set password' : 'Change password'}
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
      await server.api.user.delete.delete();
      toast.success('Account Deleted', { description: 'Your account will be removed in 30 days. Log in before then to restore it.' });
      // Leave the protected page first: without a user it would send the browser to /auth instead.
      await navigate({ to: '/landing' });
      forgetLearner(queryClient);
    } catch {
      toast.error('Delete failed', { description: 'Failed to delete account. Please try again.' });
      setPending(false);
      setAsking(false);
    }
  }

  return (
    <section className="danger-zone settings-section" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete account</h2>
      <p>Your account and progress are kept for 30 days, then deleted for good. Logging in before then restores everything.</p>
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        Delete account
      </button>
      {asking && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel={pending ? 'Deleting...' : 'Delete account'}
          pending={pending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>You will be logged out and any subscription will be cancelled. You can restore the account by logging in within 30 days.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
