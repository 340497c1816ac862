import { trialExpired } from '../../lib/errors';
import type { User } from '../auth/service';
import { accessOf } from './access';

/**
 * The premium gate any module puts on a premium call: without an active trial or subscription it
 * throws 402 `trial_expired` (docs/product-rules.md#tiers); free content never calls it.
 */
export function requirePremium(user: User, now: Date): void {
  if (!accessOf(user, now).hasPremium) throw trialExpired();
}
