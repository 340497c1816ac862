import { defineModule } from '../define';
import { grammarContent } from './content';
import { grammarRoutes } from './index';
import * as tables from './schema';
import { createGrammarService, type GrammarService } from './service';

/** The grammar reference: pages of tables and examples, linked to the words and verbs that use them. */
export const grammarModule = defineModule({
  name: 'grammar',
  tables,
  content: [grammarContent],
  service: createGrammarService,
  routes: { needs: ['grammar'], plugin: (_ctx, deps: { grammar: GrammarService }) => grammarRoutes(deps) },
});
