import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The conversations' reads, for the screens and the routes' loaders alike. */
export const conversationsQuery = read(server.api.conversations);
export const scenarioQuery = (id: number) => read(server.api.conversations({ id }));
export const talkQuery = (id: number) => read(server.api.talks({ id }));

export type Scenario = Reply<ReturnType<typeof server.api.conversations>['get']>;
export type Talk = Reply<ReturnType<typeof server.api.talks>['get']>;
export type TalkLine = Talk['lines'][number];
export type LineReply = Reply<ReturnType<typeof server.api.talks>['lines']['post']>;
export type FinishResult = Reply<ReturnType<typeof server.api.talks>['finish']['post']>;
