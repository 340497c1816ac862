import { server, type Reply } from '../../lib/api';

export type WhichWordTopic = Reply<(typeof server.api)['which-word']['topics']['get']>[number];
export type WhichWordQuestion = Reply<ReturnType<(typeof server.api)['which-word']['topics']>['get']>['questions'][number];
