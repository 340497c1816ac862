import { defineModule } from '../define';
import { sentencesContent } from './content';
import { sentencesRoutes } from './index';
import * as tables from './schema';
import { createSentencesService } from './service';

/** Sentence practice. */
export const sentencesModule = defineModule({
  name: 'sentences',
  needs: ['streak', 'stats', 'spelling'],
  tables,
  content: [sentencesContent],
  service: createSentencesService,
  routes: { needs: ['auth', 'sentences', 'answer-keys'], plugin: sentencesRoutes },
});
