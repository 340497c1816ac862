import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The flagged module's routes (none yet). */
export function flaggedModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'flagged' });
}
