import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The vocabulary module's routes (none yet). */
export function vocabularyModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'vocabulary' });
}
