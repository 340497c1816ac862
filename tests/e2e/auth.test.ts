import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google';
import { appTookOver, registerInBrowser, screenshot, startApp, type E2EApp } from './harness';

let google: FakeGoogle;
let app: E2EApp;
beforeAll(async () => {
  google = startFakeGoogle();
  app = await startApp({ env: google.env });
});
afterAll(async () => {
  await app?.stop();
  google?.stop();
});

/** A browser profile that has already dismissed the one-time explanation of All Words, where sign-ins land. */
async function newPage(on: E2EApp, width?: number) {
  const opened = await on.newPage(width);
  await opened.context.addInitScript(() => localStorage.setItem('popup-seen:home', 'true'));
  return opened;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true }).waitFor();

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await appTookOver(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function logOut(page: Page) {
  // The button reads Exit under 768 px.
  await page.getByRole('button', { name: /^(Logout|Exit)$/ }).click();
  await page.waitForURL('**/auth');
}

describe('accounts in the browser', () => {
  test('register, log out and log in again', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await toast(page, 'Registration successful');
    await logOut(page);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/words');
    // The address changes as the navigation starts; the page, with its navigation bar, follows.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await context.close();
  });

  test('a failed login clears the password and says why', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await logOut(page);
    await logIn(page, user.email, 'wrong-password-1');
    await toast(page, 'Invalid email or password. Please try again.');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    expect(page.url()).toEndWith('/auth');
    await context.close();
  });

  test("the server's validation and conflict answers land on the fields of the Register tab", async () => {
    const { page, context } = await newPage(app);
    const taken = await registerInBrowser(page);
    await logOut(page);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username', { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(`other-${taken.email}`);
    await page.getByLabel('Username', { exact: true }).fill(`o${taken.username}`.slice(0, 20));
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByLabel('Name', { exact: true }).fill('Rana Haddad');
    await page.getByRole('button', { name: 'Create account' }).click();
    const password = page.locator('#field-password-error');
    await password.getByText('Password must be at least 8 characters and contain a number.').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('#field-email-error').getByText('This email is already registered. Please try logging in instead.').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  test('reset a forgotten password through the link in the outbox', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await logOut(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/request-reset');
    // The address changes as the router starts loading the screen; until it is drawn, the login form
    // (with its own Email field) is still on the page.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await toast(page, 'Reset Email Sent');
    await page.getByText(`If an account exists for ${user.email}`).waitFor();

    const link = await app.linkInMail(user.email, '/reset-password?token=');
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('another456');
    await page.getByLabel('Confirm new password').fill('another457');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm new password').fill('another456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await toast(page, 'Password reset successful');
    await page.waitForURL('**/auth');

    await logIn(page, user.email, 'another456');
    await page.waitForURL('**/words');
    await logOut(page);

    // The link works once: opening it again toasts and leaves for /auth.
    await page.goto(link!);
    await toast(page, 'The password reset link is invalid or has expired.');
    await page.waitForURL('**/auth');
    await context.close();
  });

  test('a reset link with no or a made-up token is refused as the page opens', async () => {
    const { page, context } = await newPage(app);
    await page.goto('/reset-password?token=not-a-real-token-0123456789');
    await toast(page, 'Invalid reset link');
    await page.waitForURL('**/auth');
    await page.goto('/reset-password');
    await toast(page, 'Invalid reset link');
    await page.waitForURL('**/auth');
    await context.close();
  });

  test('edit the username and change the password in Account Settings', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();

    const renamed = `r${user.username}`.slice(0, 20);
    await page.getByLabel('Username').fill(renamed);
    await page.getByRole('button', { name: 'Save username' }).click();
    await toast(page, 'Profile Updated');
    await page.reload();
    expect(await page.getByLabel('Username').inputValue()).toBe(renamed);

    await page.getByLabel('Current password').fill('not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill('changed789');
    await page.getByLabel('Confirm new password').fill('changed789');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('#field-currentPassword-error').getByText('Current password is incorrect.').waitFor();
    // A wrong current password is a 400: the learner stays signed in on the page.
    expect(page.url()).toContain('/settings');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Password Updated');
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    // The browser that changed it keeps a fresh session.
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();

    await logOut(page);
    await logIn(page, user.email, user.password);
    await toast(page, 'Invalid email or password. Please try again.');
    await logIn(page, user.email, 'changed789');
    await page.waitForURL('**/words');
    await context.close();
  });

  test('submit a support ticket from Account Settings and from /support', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Support' }).click();
    await page.waitForURL('**/settings?tab=support');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    expect(await page.getByLabel('Username').inputValue()).toBe(user.username);
    await page.getByLabel('Issue').fill('Too short');
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await page.getByText('Please describe your issue in more detail').waitFor();
    await page.getByLabel('Issue').fill('The audio on the Colors cards does not play on my phone.');
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await toast(page, 'Support Ticket Submitted');
    expect(await page.getByLabel('Issue').inputValue()).toBe('');

    await page.goto('/support?status=503');
    await page.getByRole('heading', { name: 'Contact support' }).waitFor();
    expect(await page.getByLabel('Issue').inputValue()).toContain('status 503');
    await page.getByLabel('Issue').fill('I ran into an error (status 503) while opening my stats.');
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await toast(page, 'Support Ticket Submitted');
    await context.close();
  });

  test('delete the account after confirming, land on /landing, and restore it by logging in', async () => {
    const { page, context } = await newPage(app);
    const user = await registerInBrowser(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await dialog.count()).toBe(0);

    const session = cookieHeader(await context.cookies());
    await page.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await toast(page, 'Account Deleted');
    await page.waitForURL('**/landing');
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'detached' });
    // The session the browser had is revoked, not only forgotten.
    expect((await fetch(`${app.baseUrl}/api/user`, { headers: { cookie: session } })).status).toBe(401);

    await logIn(page, user.email, user.password);
    await page.waitForURL('**/words');
    await context.close();
  });

  test('Continue with Google signs in through the provider; the account then sets a password', async () => {
    google.setProfile({ sub: 'google-e2e-1', email: 'layla.google@example.com', name: 'Layla Khoury' });
    const { page, context } = await newPage(app);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.waitForURL('**/words');
    // The address changes as the navigation starts; the page, with its navigation bar, follows.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill('layla2024');
    await page.getByLabel('Confirm new password').fill('layla2024');
    await page.getByRole('button', { name: 'Set password' }).click();
    await toast(page, 'Password Updated');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();

    await logOut(page);
    await logIn(page, 'layla.google@example.com', 'layla2024');
    await page.waitForURL('**/words');
    await context.close();
  });

  test('a failed or unconfigured Google sign-in comes back to /auth with a toast', async () => {
    const { page, context } = await newPage(app);
    await page.goto('/auth/google/callback?code=forged&state=forged');
    await toast(page, 'Google sign-in failed');
    await page.waitForURL((url) => url.pathname === '/auth' && !url.search.includes('error'));
    await page.goto('/auth?error=google_unconfigured');
    await toast(page, 'Google sign-in is not configured');
    await context.close();
  });

  test('screenshots of the account screens at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await newPage(app, width);
      await page.goto('/auth');
      await appTookOver(page);
      await screenshot(page, `auth-login-${width}`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Invalid email format').waitFor();
      await screenshot(page, `auth-register-${width}`);
      await page.goto('/request-reset');
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await screenshot(page, `request-reset-${width}`);

      const user = await registerInBrowser(page);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Change password' }).waitFor();
      await screenshot(page, `settings-profile-${width}`);
      for (const tab of ['Subscription', 'Support', 'Help']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForURL(`**/settings?tab=${tab.toLowerCase()}`);
        await page.waitForLoadState('networkidle');
        await screenshot(page, `settings-${tab.toLowerCase()}-${width}`);
      }

      await logOut(page);
      await page.goto('/request-reset');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await toast(page, 'Reset Email Sent');
      await page.goto((await app.linkInMail(user.email, '/reset-password?token='))!);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await screenshot(page, `reset-password-${width}`);
      await context.close();
    }
  });
});

describe('e-mail verification (REQUIRE_EMAIL_VERIFICATION=true)', () => {
  let strict: E2EApp;
  beforeAll(async () => {
    strict = await startApp({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' }, browser: app.browser });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  test('an unverified learner sees the alert, can resend the mail, and the link verifies the account', async () => {
    const { page, context } = await newPage(strict);
    const user = await registerInBrowser(page);
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Please check your email to verify your account before accessing this feature.' });
    await alert.waitFor();
    await screenshot(page, 'verify-alert-1280');

    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await toast(page, 'Verification e-mail sent');
    const mails = (await strict.mail()).filter((m) => m.to === user.email);
    expect(mails.length).toBe(2);

    await page.goto((await strict.linkInMail(user.email, '/api/verify-email?token='))!);
    await toast(page, 'Email verified');
    await page.waitForURL((url) => url.pathname === '/words' && !url.search.includes('verified'));
    expect(await alert.count()).toBe(0);

    // Used once, the link now fails and says so on /auth.
    const { page: other, context: anonymous } = await newPage(strict);
    await other.goto(mails[0].text.match(/http\S+verify-email\S+/)![0]);
    await toast(other, 'Verification failed');
    await other.waitForURL((url) => url.pathname === '/auth' && !url.search.includes('error'));
    await anonymous.close();
    await context.close();
  });
});

function cookieHeader(cookies: Array<{ name: string; value: string }>) {
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
