import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch } from '../../lib/routes';
import { searchKeys } from '../../lib/search';
import { conversationsQuery, scenarioQuery } from './queries';

/** The conversation partner (docs/decisions/0072-conversation-partner.md): the scenarios at /talk, a conversation at /talk/$id, behind sign-in. */
const listRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/talk',
  component: lazyRouteComponent(() => import('./TalkPage'), 'TalkPage'),
  loader: ({ context }) => prefetch(context, conversationsQuery),
});

/** `?talk=` names a conversation of the scenario to open again (its transcript, or to go on with it). */
const conversationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/talk/$id',
  validateSearch: searchKeys('talk'),
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id >= 1) prefetch(context, scenarioQuery(id));
  },
  component: lazyRouteComponent(() =>
    import('./ConversationPage').then(({ ConversationPage }) => ({
      default: function ConversationRoute() {
        const { id } = conversationRoute.useParams();
        const { talk } = conversationRoute.useSearch();
        return <ConversationPage rawId={id} rawTalk={talk} />;
      },
    })),
  ),
});

export const conversationsRoutes = { signedIn: [listRoute, conversationRoute] } satisfies FeatureRoutes;
