import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { overviewQuery, plansQuery } from './queries';
import { rootRoute, signedInRoute, type FeatureRoutes } from '../../lib/layout-routes';
import { prefetch, type RouterContext } from '../../lib/routes';
import { searchKeys } from '../../lib/search';

const PaywallPage = lazyRouteComponent(() => import('./PaywallPage'), 'PaywallPage');
const SubscriptionPage = lazyRouteComponent(() => import('./SubscriptionPage'), 'SubscriptionPage');
const DemoCheckoutPage = lazyRouteComponent(() => import('./DemoCheckoutPage'), 'DemoCheckoutPage');

const checkoutFlags = searchKeys('success', 'canceled');

/** The billing screens: the paywall is open to visitors (docs/product-rules.md#screens); the rest need an account. */
const overview = ({ context }: { context: RouterContext }) => prefetch(context, overviewQuery);

export const billingRoutes = {
  visitor: [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/paywall',
      component: PaywallPage,
      loader: ({ context }) => prefetch(context, plansQuery),
    }),
  ],
  signedIn: [
    createRoute({
      getParentRoute: () => signedInRoute,
      path: '/subscription',
      component: SubscriptionPage,
      validateSearch: checkoutFlags,
      loader: overview,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: '/subscribe',
      component: SubscriptionPage,
      validateSearch: checkoutFlags,
      loader: overview,
    }),
    createRoute({
      getParentRoute: () => signedInRoute,
      path: '/demo-checkout',
      component: DemoCheckoutPage,
      validateSearch: searchKeys('plan', 'success_url', 'cancel_url'),
    }),
  ],
} satisfies FeatureRoutes;
