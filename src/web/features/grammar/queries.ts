import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The grammar reference's reads, for the screens and the routes' loaders alike. */
export const grammarPagesQuery = read(server.api.grammar);
export const grammarPageQuery = (key: string) => read(server.api.grammar({ key }));
