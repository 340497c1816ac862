import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { sessionPlugin } from '../auth/plugin';
import type { AuthService } from '../auth/service';
import type { WhichWordService } from './service';
import { TopicParams } from '../vocabulary/model';

/**
 * The which-word game (docs/product-rules.md#which-word). Signed out it plays free topics without saving; answers are saved
 * through POST /api/words/{id}/progress with page 'which-word' (vocabulary module).
 */
export function whichWordRoutes(ctx: AppContext, { auth, 'which-word': whichWord }: { auth: AuthService; 'which-word': WhichWordService }) {
  return new Elysia({ name: 'which-word' })
    .use(sessionPlugin(ctx, auth))
    .get('/api/which-word/topics', ({ user }) => whichWord.topics(user), { optionalUser: true })
    .get('/api/which-word/topics/:topic', ({ user, params }) => whichWord.round(user, params.topic), {
      optionalUser: true,
      params: TopicParams,
    });
}
