import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { overviewQuery, plansQuery } from './queries';
import { prefetch, type FeatureRoutes, type RouterContext } from '../../lib/routes';
import { searchKeys } from '../../lib/search';

const PaywallPage = lazyRouteComponent(() => import('./PaywallPage'), 'PaywallPage');
const SubscriptionPage = lazyRouteComponent(() => import('./SubscriptionPage'), 'SubscriptionPage');
const DemoCheckoutPage = lazyRouteComponent(() => import('./DemoCheckoutPage'), 'DemoCheckoutPage');

const checkoutFlags = searchKeys('success', 'canceled');

/** The billing screens: the paywall is open to visitors (docs/product-rules.md#screens); the rest need an account. */
const overview = ({ context }: { context: RouterContext }) => prefetch(context, overviewQuery);

export const billingRoutes: FeatureRoutes = ({ visitor, signedIn }) => [
  createRoute({
    getParentRoute: () => visitor,
    path: '/paywall',
    component: PaywallPage,
    loader: ({ context }: { context: RouterContext }) => prefetch(context, plansQuery),
  }),
  createRoute({ getParentRoute: () => signedIn, path: '/subscription', component: SubscriptionPage, validateSearch: checkoutFlags, loader: overview }),
  createRoute({ getParentRoute: () => signedIn, path: '/subscribe', component: SubscriptionPage, validateSearch: checkoutFlags, loader: overview }),
  createRoute({
    getParentRoute: () => signedIn,
    path: '/demo-checkout',
    component: DemoCheckoutPage,
    validateSearch: searchKeys('plan', 'success_url', 'cancel_url'),
  }),
];
