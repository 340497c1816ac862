import { defineModule } from '../define';
import { lettersContent } from './content';
import { lettersRoutes } from './index';
import * as tables from './schema';
import { createLettersService } from './service';

/** The number-letter guide and the letters game. */
export const lettersModule = defineModule({
  name: 'letters',
  needs: ['streak', 'stats', 'review'],
  tables,
  content: [lettersContent],
  service: createLettersService,
  routes: { needs: ['auth', 'letters', 'answer-keys'], plugin: lettersRoutes },
});
