import type { AppContext } from '../../lib/context';
import { isPrimary } from '../../lib/litefs';
import type { User } from './schema';
import { createAccounts } from './accounts';
import { createDeletion } from './deletion';
import { createGoogleSignIn } from './google-sign-in';
import { createPasswords } from './passwords';
import { createSessions } from './sessions';
import { createSupport } from './support';
import { hashPassword } from './tokens';
import { trialFor } from './trials';
import { refoldUsernameKeys } from './usernames';
import { createVerification } from './verification';

export type { User };

/** Auth's one service, composed of its pieces; each piece is handed the others' functions it needs. */
export function createAuthService(ctx: AppContext) {
  const { db, config, log } = ctx;
  if (isPrimary(config.LITEFS_DIR)) refoldUsernameKeys(db, log);

  const sessions = createSessions(ctx);
  const { purgeIfDue, ...deletion } = createDeletion(ctx, sessions);
  const accounts = createAccounts(ctx, { purgeIfDue, ...deletion });

  return {
    hashPassword,
    trialFor,
    ...accounts,
    ...sessions,
    ...createPasswords(ctx, { ...accounts, purgeIfDue, ...sessions }),
    ...createVerification(ctx),
    ...deletion,
    ...createSupport(ctx),
    ...createGoogleSignIn(ctx, { ...accounts, purgeIfDue, ...deletion, ...sessions }),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
