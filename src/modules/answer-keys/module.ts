import { HOUR_MS } from '../../lib/clock';
import { defineModule } from '../define';
import * as tables from './schema';
import { createAnswerKeysService } from './service';

/** The idempotency keys of every answer route: an answer sent again counts once. */
export const answerKeysModule = defineModule({
  name: 'answer-keys',
  tables,
  service: createAnswerKeysService,
  // Answer keys past their days (service.ts `ANSWER_KEY_DAYS`) are forgotten at start and every hour, on the primary (it writes).
  jobs: (_ctx, answerKeys) => [{ name: 'answer keys', everyMs: HOUR_MS, primaryOnly: true, atStart: true, run: answerKeys.forgetOld }],
});
