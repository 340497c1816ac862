import { DetailsList } from '../../ui/DetailsList';
import { useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { server } from '../../lib/api';
import { formatDollars } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { Spinner } from '../../ui/Spinner';
import { LOAD_FAILED, checkoutFailed, refreshSubscription, type Plan } from './hooks';
import { plansQuery } from './queries';
import { sameOriginPath } from './rules';
import './billing.css';

const FALLBACK_CANCEL = '/subscription?canceled=true';

/**
 * /demo-checkout: stands in for Stripe Checkout when no Stripe keys are configured (docs/product-rules.md#local-defaults).
 * Pay activates the subscription through the server's real activation path; no money moves.
 */
export function DemoCheckoutPage() {
  const plans = useQuery(plansQuery);
  return (
    <QueryBoundary query={plans} loading={<Spinner label="Loading checkout..." />} failure={LOAD_FAILED}>
      {(list) => <Checkout plans={list} />}
    </QueryBoundary>
  );
}

function Checkout({ plans }: { plans: Plan[] }) {
  const search = useSearch({ from: '/_session/_verified/_signedIn/demo-checkout' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);

  const origin = window.location.origin;
  // The return addresses come from the query string: only pages of this site are followed.
  const cancelPath = (search.cancel_url && sameOriginPath(search.cancel_url, origin)) || FALLBACK_CANCEL;
  const successUrl = search.success_url && sameOriginPath(search.success_url, origin) ? search.success_url : undefined;

  const plan = plans.find((p) => p.id === search.plan);
  if (!plan) {
    return (
      <section className="card narrow center">
        <h1>This checkout link is not valid</h1>
        <p>It does not name one of our plans. Choose a plan on the subscription page to start again.</p>
        <Link to="/subscription" className="button">
          Choose a plan
        </Link>
      </section>
    );
  }

  async function pay(chosen: Plan) {
    setPaying(true);
    try {
      const answer = await server.api.subscription['demo-checkout'].post({ planId: chosen.id, successUrl });
      refreshSubscription(queryClient);
      // The success page is on this site: the router goes there without reloading the app.
      await navigate({ href: sameOriginPath(answer.url, origin) ?? '/subscription?success=true' });
    } catch (error) {
      checkoutFailed(error);
      setPaying(false);
    }
  }

  const per = plan.interval === 'year' ? 'year' : 'month';
  return (
    <section className="card narrow demo-checkout">
      <div className="demo-banner" role="note">
        <strong>Demo checkout</strong>
        <span>No real payment is taken. Payments are not set up on this server, so this page stands in for the card payment.</span>
      </div>
      <h1>Confirm your subscription</h1>
      <DetailsList
        className="demo-summary"
        details={[
          { term: 'Plan', value: `Kalimat Premium · ${plan.name}` },
          { term: 'Price', value: `${formatDollars(plan.priceCents)} / ${per}` },
          {
            term: 'Due today',
            value: (
              <>
                <strong>{formatDollars(plan.priceCents)}</strong> <span className="muted">(demo, nothing is charged)</span>
              </>
            ),
          },
        ]}
      />
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="demo-actions">
        <button type="button" className="button" onClick={() => pay(plan)} disabled={paying}>
          {paying ? 'Paying...' : `Pay ${formatDollars(plan.priceCents)}`}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void navigate({ href: cancelPath })} disabled={paying}>
          Cancel
        </button>
      </div>
    </section>
  );
}
