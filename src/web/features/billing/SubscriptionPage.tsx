import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { refreshSubscription } from './hooks';
import { SubscriptionManager } from './SubscriptionManager';
import './billing.css';

/**
 * /subscription and /subscribe (one screen). Checkout comes back with success=true or
 * canceled=true: each shows its toast once, then the flag leaves the address so a reload does not
 * repeat it.
 */
export function SubscriptionPage() {
  // One screen on two routes with the same search keys: what either route reads, typed.
  const search = useSearch({ strict: false });
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    const success = search.success === 'true';
    const canceled = search.canceled === 'true';
    if (handled.current || (!success && !canceled)) return;
    handled.current = true;
    if (success)
      toast.success('Success!', {
        description: 'Thank you for subscribing. Premium is unlocked: every topic, verb tense and lesson is yours.',
      });
    else
      toast.info('Subscription Canceled', {
        description: 'Checkout was canceled and nothing was charged. You can subscribe whenever you are ready.',
      });
    refreshSubscription(queryClient);
    void navigate({ href: pathname, replace: true });
  }, [search.success, search.canceled, pathname, navigate, queryClient]);

  return (
    <div className="stack subscription-page">
      <header className="billing-title">
        <h1>Subscription</h1>
        <p>Your plan, your free trial and your billing, in one place.</p>
      </header>
      <SubscriptionManager framed />
    </div>
  );
}
