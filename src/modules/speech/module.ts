import type { SpeakableSource } from '../../content/speakable';
import { defineModule } from '../define';
import type { BillingService } from '../billing/service';
import { audioContent } from './content';
import { speechRoutes } from './index';
import * as tables from './schema';
import { createSpeechService } from './service';

/**
 * The modules whose content may be spoken, asked in this order for the text a request names: each
 * service is a SpeakableSource (src/content/speakable.ts).
 */
const SOURCES = ['vocabulary', 'sentences', 'dialogues', 'conversations', 'grammar'] as const;

/**
 * Speech of the course's texts from its sources; an author's recorded clip (content/audio/, its
 * content plugin) comes before any voice.
 */
export const speechModule = defineModule({
  name: 'speech',
  needs: [...SOURCES, 'billing'],
  tables,
  content: [audioContent],
  service: (ctx, deps: Record<(typeof SOURCES)[number], SpeakableSource> & { billing: BillingService }) =>
    createSpeechService(
      ctx,
      SOURCES.map((name) => deps[name]),
      deps.billing,
    ),
  routes: { needs: ['auth', 'speech'], plugin: speechRoutes },
});
