import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The which-word module's routes (none yet). */
export function whichWordModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'which-word' });
}
