import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The stats module's routes (none yet). */
export function statsModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'stats' });
}
