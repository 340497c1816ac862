import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The grammar reference's reads, for the screens and the routes' loaders alike. */
export const grammarPagesQuery = read(server.api.grammar);
export const grammarPageQuery = (key: string) => read(server.api.grammar({ key }));

export type GrammarPageView = Reply<ReturnType<typeof server.api.grammar>['get']>;
export type GrammarRow = GrammarPageView['examples'][number];
export type GrammarLink = GrammarPageView['words'][number];
