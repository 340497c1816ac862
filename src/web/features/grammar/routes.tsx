import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { grammarPageQuery, grammarPagesQuery } from './queries';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';

/** The grammar reference (/grammar and its pages), beside the lessons that link to it, behind sign-in. */
export const grammarRoutes: FeatureRoutes = ({ signedIn }) => {
  const listRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/grammar',
    component: lazyRouteComponent(() => import('./GrammarListPage'), 'GrammarListPage'),
    loader: ({ context }: { context: RouterContext }) => prefetch(context, grammarPagesQuery),
  });
  const pageRoute = createRoute({
    getParentRoute: () => signedIn,
    path: '/grammar/$key',
    loader: ({ context, params }: { context: RouterContext; params: { key: string } }) => prefetch(context, grammarPageQuery(params.key)),
    component: lazyRouteComponent(() =>
      import('./GrammarPage').then(({ GrammarPage }) => ({
        default: function GrammarRoute() {
          const { key } = pageRoute.useParams();
          return <GrammarPage pageKey={key} />;
        },
      })),
    ),
  });
  return [listRoute, pageRoute];
};
