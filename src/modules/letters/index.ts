import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The letters module's routes (none yet). */
export function lettersModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'letters' });
}
