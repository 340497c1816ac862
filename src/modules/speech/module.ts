import { defineModule } from '../../lib/module';
import type { SentencesService } from '../sentences/service';
import type { VocabularyService } from '../vocabulary/service';
import { audioContent } from './content';
import { speechRoutes } from './index';
import * as tables from './schema';
import { createSpeechService, type SpeechService } from './service';

/**
 * Speech of the course's texts: each content module that may be spoken is a source
 * (src/lib/speakable.ts), asked in this order for the text a request names; an author's recorded clip
 * (content/audio/, its content plugin) comes before any of them.
 */
export const speechModule = defineModule({
  name: 'speech',
  needs: ['vocabulary', 'sentences'],
  tables,
  content: [audioContent],
  service: (ctx, { vocabulary, sentences }: { vocabulary: VocabularyService; sentences: SentencesService }) => createSpeechService(ctx, [vocabulary, sentences]),
  routes: { needs: ['speech'], plugin: (_ctx, deps: { speech: SpeechService }) => speechRoutes(deps) },
});
