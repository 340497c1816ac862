import { defineModule } from '../define';
import { conversationsContent } from './content';
import { conversationsRoutes } from './index';
import * as tables from './schema';
import { createConversationsService } from './service';

/** A conversation partner in everyday Lebanese situations, scripted or AI (docs/decisions/0072-conversation-partner.md). */
export const conversationsModule = defineModule({
  name: 'conversations',
  needs: ['billing', 'stats', 'spelling', 'review', 'vocabulary'],
  tables,
  content: [conversationsContent],
  service: createConversationsService,
  routes: { needs: ['auth', 'conversations', 'answer-keys'], plugin: conversationsRoutes },
});
