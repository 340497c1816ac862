import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The billing module's routes (none yet). */
export function billingModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'billing' });
}
