import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The streak module's routes (none yet). */
export function streakModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'streak' });
}
