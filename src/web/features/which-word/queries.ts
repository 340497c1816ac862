import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The which-word game's reads, for its hooks and its routes' loaders alike. */
export const whichWordTopicsQuery = read(server.api['which-word'].topics);
export const roundQuery = (topic: string) => read(server.api['which-word'].topics({ topic }));
