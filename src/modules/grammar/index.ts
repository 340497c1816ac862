import { Elysia } from 'elysia';
import type { GrammarService } from './service';
import { GrammarKeyParams } from './model';

/** The grammar reference (content/grammar): readable by anyone, like the course's lessons. */
export function grammarRoutes({ grammar }: { grammar: GrammarService }) {
  return new Elysia({ name: 'grammar' })
    .get('/api/grammar', () => grammar.list())
    .get('/api/grammar/:key', ({ params }) => grammar.get(params.key), { params: GrammarKeyParams });
}
