import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch } from '../../lib/routes';
import { dialoguesQuery } from '../../lib/query';
import { dialogueQuery } from './queries';

/** The dialogues and a dialogue's Listen and Role-play modes, behind sign-in (docs/product-rules.md#dialogues). */
const listRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dialogues',
  component: lazyRouteComponent(() => import('./DialoguesPage'), 'DialoguesPage'),
  loader: ({ context }) => prefetch(context, dialoguesQuery),
});

const dialogueRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/dialogues/$id',
  loader: ({ context, params }) => {
    const id = Number(params.id);
    if (Number.isSafeInteger(id) && id >= 1) prefetch(context, dialogueQuery(id));
  },
  component: lazyRouteComponent(() =>
    import('./DialoguePage').then(({ DialoguePage }) => ({
      default: function DialogueRoute() {
        const { id } = dialogueRoute.useParams();
        return <DialoguePage rawId={id} />;
      },
    })),
  ),
});

export const dialoguesRoutes = { signedIn: [listRoute, dialogueRoute] } satisfies FeatureRoutes;
