import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The dialogues' reads, for the screens and the routes' loaders alike; kept offline (src/web/sw.ts). */
export const dialoguesQuery = read(server.api.dialogues);
export const dialogueQuery = (id: number) => read(server.api.dialogues({ id }));
