import { eq } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { usernameKey, users, type User } from './schema';
import { trialFor } from './trials';
import type { Accounts } from './accounts';
import type { Deletion } from './deletion';
import type { Sessions } from './sessions';

/** What Google's userinfo says about a person, once its e-mail is known to be verified. */
export interface GoogleProfile {
  sub: string;
  email: string;
  name?: string;
}

/** The account behind a Google sign-in: found, linked, or made (the OAuth exchange is google.ts's). */
export function createGoogleSignIn(
  ctx: AppContext,
  {
    getUserByEmail,
    purgeIfDue,
    restoreIfMarked,
    revokeUserSessions,
  }: Pick<Accounts, 'getUserByEmail'> & Pick<Deletion, 'purgeIfDue' | 'restoreIfMarked'> & Pick<Sessions, 'revokeUserSessions'>,
) {
  const { db, clock } = ctx;

  /** A free username made from a Google name: allowed characters, 3 to 20 long, numbered if taken. */
  function freeUsername(name: string, email: string) {
    const clean = (s: string) =>
      s
        .normalize('NFC')
        .replace(/[^\p{L}\p{N}_.-]+/gu, '')
        .slice(0, 16);
    let base = clean(name);
    if (base.length < 3) base = clean(email.split('@')[0]);
    if (base.length < 3) base = 'learner';
    const taken = (candidate: string) =>
      !!db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.usernameKey, usernameKey(candidate)))
        .get();
    if (!taken(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base}${n}`;
      if (!taken(candidate)) return candidate;
    }
  }

  return {
    /**
     * Google sign-in: the account with this Google id, else the one with this (verified) e-mail, which
     * gets linked, else a new account with a trial. An account marked for deletion is restored.
     */
    signInWithGoogle(profile: GoogleProfile): User {
      const email = profile.email.trim().toLowerCase();
      const now = clock.now();
      let user = db.select().from(users).where(eq(users.googleId, profile.sub)).get() ?? getUserByEmail(email);
      if (user && purgeIfDue(user)) user = undefined;
      if (user) {
        const existing = user;
        const linked = db.transaction((tx) => {
          // Whoever registered this address without proving the mailbox must not keep a way in once
          // its owner arrives through Google: their password and sessions end here.
          const unproven = !existing.googleId && !existing.emailConfirmedAt && existing.passwordHash !== null;
          if (unproven) revokeUserSessions(tx, existing.id);
          return tx
            .update(users)
            .set({ googleId: profile.sub, isVerified: true, emailConfirmedAt: now, ...(unproven ? { passwordHash: null } : {}) })
            .where(eq(users.id, existing.id))
            .returning()
            .get();
        });
        return restoreIfMarked(linked);
      }
      const name = googleName(profile.name, email);
      const username = freeUsername(name, email);
      return db.transaction((tx) =>
        tx
          .insert(users)
          .values({
            email,
            username,
            usernameKey: usernameKey(username),
            name,
            passwordHash: null,
            googleId: profile.sub,
            isVerified: true,
            emailConfirmedAt: now,
            createdAt: now,
            ...trialFor(tx, email, now),
          })
          .returning()
          .get(),
      );
    },
  };
}

/** A display name from Google's, or from the e-mail's local part, fit for the Name rule. */
function googleName(name: string | undefined, email: string) {
  const cleaned = (name ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/[<>\p{Cc}]/gu, '')
    .trim()
    .slice(0, 100);
  if (cleaned.length >= 2) return cleaned;
  const local = email
    .split('@')[0]
    .replace(/[<>\p{Cc}]/gu, '')
    .slice(0, 100);
  return local.length >= 2 ? local : 'Learner';
}
