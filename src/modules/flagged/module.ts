import { defineModule } from '../define';
import * as tables from './schema';
import { createFlaggedService } from './service';

/** The practice list of flagged words: its rules and table; vocabulary, which answers and shows words, serves its routes. */
export const flaggedModule = defineModule({
  name: 'flagged',
  tables,
  service: (ctx) => createFlaggedService(ctx),
});
