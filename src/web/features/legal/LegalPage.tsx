import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';

/** A legal page whose effective date is today (docs/product-rules.md#screens). */
function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="card prose">
      <h1>{title}</h1>
      <p className="muted">Effective date: {formatDate(new Date())}</p>
      {children}
    </article>
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we collect</h2>
      <p>
        When you create an account we store your e-mail address, your username, your name and a hash of your password (never the password
        itself). While you practise we store your answers, streaks, flagged words and lesson progress so you can pick up where you left off.
      </p>
      <h2>Payments</h2>
      <p>
        Subscriptions are paid through Stripe. We never see or store your card number; we keep only the identifiers Stripe gives us to link
        your subscription to your account.
      </p>
      <h2>E-mail</h2>
      <p>
        We write to you about your account: password resets, e-mail verification, subscription changes and, 30 days before it applies, any
        change to the price of your subscription. We also send practice reminders and a weekly summary of your progress when you turn them
        on in Account Settings; each reminder has a link that stops it, and push notifications on a browser are sent only after you allow
        them there.
      </p>
      <h2>Cookies</h2>
      <p>One cookie keeps you signed in. It is HttpOnly and is removed when you log out. We use no advertising or tracking cookies.</p>
      <h2>Deleting your account</h2>
      <p>
        You can delete your account from Account Settings. It is kept for 30 days in case you change your mind (signing in restores it),
        then deleted for good together with your progress. We keep a one-way hash of your e-mail address so that the free trial is given
        once per address.
      </p>
      <h2>Contact</h2>
      <p>Questions about your data? Open a support ticket from Account Settings and we will answer by e-mail.</p>
    </LegalPage>
  );
}

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <h2>Your account</h2>
      <p>
        You need an account to save your progress. Keep your password to yourself; you are responsible for what happens under your account.
      </p>
      <h2>Free trial</h2>
      <p>
        Every new account gets a free trial of 7 days with full access. There is one free trial per e-mail address: deleting an account and
        registering again with the same address does not start a new trial.
      </p>
      <h2>Subscription</h2>
      <p>
        After the trial, basic topics stay free. Premium content (every topic, complete verb conjugations and cultural notes) needs a
        monthly ($6.99) or yearly ($50) subscription. A subscription renews until you cancel it; when you cancel, you keep access until the
        end of the period you paid for.
      </p>
      <h2>Payments and prices</h2>
      <p>
        Payments are non-refundable: cancelling stops the next renewal, and you keep access until the end of the period already paid for. We
        give you 30 days' notice by e-mail before a change to the price of your subscription applies to it.
      </p>
      <h2>Fair use</h2>
      <p>Please do not copy the course content in bulk, share your account, or try to disrupt the service for other learners.</p>
      <h2>Changes</h2>
      <p>We may update these terms; the effective date above shows when they last changed.</p>
    </LegalPage>
  );
}
