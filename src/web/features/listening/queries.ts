import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** A round of the listening drill (docs/decisions/0032-listening-drill.md). */
export const listeningRoundQuery = read(server.api.listening.round);
export type { ListeningAnswerResult, ListeningQuestion } from '../../../modules/listening/service';
