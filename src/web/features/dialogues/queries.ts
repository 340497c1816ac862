import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The dialogues' reads, for the screens and the routes' loaders alike; kept offline (src/web/sw.ts). */
export const dialoguesQuery = read(server.api.dialogues);
export const dialogueQuery = (id: number) => read(server.api.dialogues({ id }));

export type Dialogue = Reply<ReturnType<typeof server.api.dialogues>['get']>;
export type DialogueLine = Dialogue['lines'][number];
export type RolePlayResult = Reply<ReturnType<typeof server.api.dialogues>['role-play']['post']>;
