import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The sentences module's routes (none yet). */
export function sentencesModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'sentences' });
}
