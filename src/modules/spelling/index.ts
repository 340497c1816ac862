import { Elysia } from 'elysia';
import type { SpellingService } from './service';

/** GET /api/spelling: the lexicon of the spelling table, for answers judged in the browser (docs/decisions/0009). */
export function spellingRoutes({ spelling }: { spelling: SpellingService }) {
  return new Elysia({ name: 'spelling' }).get('/api/spelling', ({ set }) => {
    set.headers['cache-control'] = 'public, max-age=3600';
    return spelling.lexicon();
  });
}
