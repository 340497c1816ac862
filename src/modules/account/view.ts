import type { User } from '../auth/service';
import type { BillingService } from '../billing/service';

/**
 * The one place the user is shown whole: the account as auth keeps it and its trial and subscription
 * as billing tells them. Never the password hash, tokens or payment ids.
 */
export function publicUser(user: User, billing: BillingService) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    isVerified: user.isVerified,
    createdAt: user.createdAt.toISOString(),
    ...billing.userView(user),
    hasPassword: user.passwordHash !== null,
  };
}

/** Account's service: the user as every call answering with it shows them. */
export function createAccountService(deps: { billing: BillingService }) {
  return { publicUser: (user: User) => publicUser(user, deps.billing) };
}
export type AccountService = ReturnType<typeof createAccountService>;
