import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { DAY_MS } from '../../lib/clock';
import { TRIAL_DAYS } from './model';
import { trialGrants } from './schema';
import { sha256 } from './tokens';

/** A new account's trial: 7 days, unless this e-mail address ever had one (a hash of each outlives its account). */
export function trialFor(tx: Tx, email: string, now: Date) {
  const emailHash = sha256(email);
  const granted = tx.select().from(trialGrants).where(eq(trialGrants.emailHash, emailHash)).get();
  if (granted) return { trialStartDate: null, trialEndDate: null };
  tx.insert(trialGrants).values({ emailHash, grantedAt: now }).run();
  return { trialStartDate: now, trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) };
}
