import { Elysia } from 'elysia';
import type { Services } from '../index';

/** GET /api/spelling: the lexicon of the spelling table, for answers judged in the browser (docs/decisions/0009). */
export function spellingModule(services: Services) {
  const { spelling } = services;
  return new Elysia({ name: 'spelling' }).get('/api/spelling', ({ set }) => {
    set.headers['cache-control'] = 'public, max-age=3600';
    return spelling.lexicon();
  });
}
