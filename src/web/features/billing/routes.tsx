import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { protectedRoute, rootRoute } from '../../router';
import { searchOf } from '../../lib/search';

const PaywallPage = lazyRouteComponent(() => import('./PaywallPage'), 'PaywallPage');
const SubscriptionPage = lazyRouteComponent(() => import('./SubscriptionPage'), 'SubscriptionPage');
const DemoCheckoutPage = lazyRouteComponent(() => import('./DemoCheckoutPage'), 'DemoCheckoutPage');

const checkoutFlags = searchOf('success', 'canceled');

/** The billing screens: the paywall is open to visitors (docs/product-rules.md#screens); the rest need an account. */
export const billingRoutes: { public: AnyRoute[]; protected: AnyRoute[] } = {
  public: [createRoute({ getParentRoute: () => rootRoute, path: '/paywall', component: PaywallPage })],
  protected: [
    createRoute({ getParentRoute: () => protectedRoute, path: '/subscription', component: SubscriptionPage, validateSearch: checkoutFlags }),
    createRoute({ getParentRoute: () => protectedRoute, path: '/subscribe', component: SubscriptionPage, validateSearch: checkoutFlags }),
    createRoute({
      getParentRoute: () => protectedRoute,
      path: '/demo-checkout',
      component: DemoCheckoutPage,
      validateSearch: searchOf('plan', 'success_url', 'cancel_url'),
    }),
  ],
};
