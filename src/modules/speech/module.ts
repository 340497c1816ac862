import type { SpeakableSource } from '../../content/speakable';
import { defineModule } from '../define';
import { audioContent } from './content';
import { speechRoutes } from './index';
import * as tables from './schema';
import { createSpeechService, type SpeechService } from './service';

/**
 * The modules whose content may be spoken, asked in this order for the text a request names: each
 * service is a SpeakableSource (src/content/speakable.ts).
 */
const SOURCES = ['vocabulary', 'sentences', 'dialogues', 'grammar'] as const;

/**
 * Speech of the course's texts from its sources; an author's recorded clip (content/audio/, its
 * content plugin) comes before any voice.
 */
export const speechModule = defineModule({
  name: 'speech',
  needs: SOURCES,
  tables,
  content: [audioContent],
  service: (ctx, sources: Record<(typeof SOURCES)[number], SpeakableSource>) => createSpeechService(ctx, SOURCES.map((name) => sources[name])),
  routes: { needs: ['speech'], plugin: (_ctx, deps: { speech: SpeechService }) => speechRoutes(deps) },
});
