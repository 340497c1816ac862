import { Elysia } from 'elysia';
import type { AppContext } from '../../lib/context';
import { validate } from '../../lib/validation';
import { sessionPlugin } from '../auth/plugin';
import type { Services } from '../index';
import { TopicParam } from '../vocabulary/model';

/**
 * The which-word game (docs/product-rules.md#which-word). Signed out it plays free topics without saving; answers are saved
 * through POST /api/words/{id}/progress with page 'which-word' (vocabulary module).
 */
export function whichWordModule(ctx: AppContext, services: Services) {
  const { whichWord } = services;
  return new Elysia({ name: 'which-word' })
    .use(sessionPlugin(ctx, services.auth))
    .get('/api/which-word/topics', ({ user }) => whichWord.topics(user), { optionalUser: true })
    .get('/api/which-word/topics/:topic', ({ user, params }) => whichWord.round(user, validate(TopicParam, params.topic)), { optionalUser: true });
}
