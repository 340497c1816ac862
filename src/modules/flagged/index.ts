import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { IdParams } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { VocabularyService } from '../vocabulary/service';
import { FlagBody } from './model';

/** The practice list (docs/product-rules.md#flagged-words): flagging needs a signed-in learner. */
export function flaggedRoutes(ctx: AppContext, { auth, vocabulary }: { auth: AuthService; vocabulary: VocabularyService }) {
  return new Elysia({ name: 'flagged' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/words/flagged', ({ user }) => vocabulary.flaggedWords(user), { auth: true })
    .post('/api/words/:id/flag', ({ user, params, body }) => ctx.writes.run(() => vocabulary.setFlag(user, params.id, body.isFlagged)), {
      auth: true,
      params: IdParams,
      body: FlagBody,
    });
}
