import { defineModule } from '../define';
import { dialoguesContent } from './content';
import { dialoguesRoutes } from './index';
import * as tables from './schema';
import { createDialoguesService } from './service';

/** Dialogues of everyday Lebanon, to listen to and to role-play. */
export const dialoguesModule = defineModule({
  name: 'dialogues',
  needs: ['billing', 'stats', 'spelling', 'speaking', 'grammar'],
  tables,
  content: [dialoguesContent],
  service: createDialoguesService,
  routes: { needs: ['auth', 'dialogues', 'answer-keys'], plugin: dialoguesRoutes },
});
