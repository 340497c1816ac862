import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';
import { dialogueQuery, dialoguesQuery } from './queries';

/** The dialogues and a dialogue's Listen and Role-play modes, behind sign-in (docs/product-rules.md#dialogues). */
export const dialoguesRoutes: FeatureRoutes = ({ signedIn }) => {
  const listRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/dialogues',
    component: lazyRouteComponent(() => import('./DialoguesPage'), 'DialoguesPage'),
    loader: ({ context }: { context: RouterContext }) => prefetch(context, dialoguesQuery),
  });
  const dialogueRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/dialogues/$id',
    loader: ({ context, params }: { context: RouterContext; params: { id: string } }) => {
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
  return [listRoute, dialogueRoute];
};
