import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** A round of the listening drill (docs/decisions/0032-listening-drill.md). */
export const listeningRoundQuery = read(server.api.listening.round);
export type ListeningQuestion = Reply<typeof server.api.listening.round.get>[number];
export type ListeningAnswerResult = Reply<typeof server.api.listening.answers.post>;
