import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import type { Services } from '../index';

/** The lessons module's routes (none yet). */
export function lessonsModule(_ctx: AppContext, _services: Services) {
  return new Elysia({ name: 'lessons' });
}
