import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { grammarPageQuery, grammarPagesQuery } from './queries';
import { signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch } from '../../lib/routes';

/** The grammar reference (/grammar and its pages), beside the lessons that link to it, behind sign-in. */
const listRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/grammar',
  component: lazyRouteComponent(() => import('./GrammarListPage'), 'GrammarListPage'),
  loader: ({ context }) => prefetch(context, grammarPagesQuery),
});

const pageRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/grammar/$key',
  loader: ({ context, params }) => prefetch(context, grammarPageQuery(params.key)),
  component: lazyRouteComponent(() =>
    import('./GrammarPage').then(({ GrammarPage }) => ({
      default: function GrammarRoute() {
        const { key } = pageRoute.useParams();
        return <GrammarPage pageKey={key} />;
      },
    })),
  ),
});

export const grammarRoutes = { signedIn: [listRoute, pageRoute] } satisfies FeatureRoutes;
