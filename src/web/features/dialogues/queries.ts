import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** A dialogue's read, for the screen and the route's loader alike; kept offline (src/web/sw.ts). The list's is src/web/lib/query.ts's. */
export const dialogueQuery = (id: number) => read(server.api.dialogues({ id }));

export type Dialogue = Reply<ReturnType<typeof server.api.dialogues>['get']>;
export type DialogueLine = Dialogue['lines'][number];
export type RolePlayResult = Reply<ReturnType<typeof server.api.dialogues>['role-play']['post']>;
