import { Link, linkOptions, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSubscriptionStatus, useUser } from '../../lib/session';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { LOAD_FAILED, useCheckout, type Plan } from './hooks';
import { plansQuery } from './queries';
import { PlanChoices } from './PlanChoices';
import './billing.css';

const LOGIN_TO_SUBSCRIBE = linkOptions({ to: '/auth', search: { redirect: '/paywall' } });

/** The spec's title is for a trial that has ended: a learner still in theirs, or subscribed, is not told it has. */
function headline(status: { isActive: boolean; isInTrial: boolean } | null | undefined) {
  if (status?.isActive) return 'You Have Kalimat Premium';
  if (status?.isInTrial) return 'Keep Learning After Your Trial';
  return 'Your Free Trial Has Ended';
}

/**
 * /paywall (docs/product-rules.md#tiers), open to visitors too: where an ended trial and every 402 lead. The plans come from
 * the public plans call; subscribing needs an account, so a visitor is asked to log in first.
 */
export function PaywallPage() {
  const { data: user, isPending: userPending } = useUser();
  const plans = useQuery(plansQuery);
  const status = useSubscriptionStatus(!!user);
  const checkout = useCheckout({ newTab: false });
  const navigate = useNavigate();

  function choose(plan: Plan) {
    if (!user) {
      toast.error('Please log in', {
        description: 'You need to be logged in to subscribe.',
        action: { label: 'Log in', onClick: () => void navigate(LOGIN_TO_SUBSCRIBE) },
      });
      return;
    }
    void checkout.start(plan);
  }

  return (
    <div className="paywall stack">
      <section className="card paywall-hero center">
        <p className="paywall-kicker">Kalimat Premium</p>
        <h1>{headline(status.data)}</h1>
        <p className="paywall-lead">
          {/* What the trial's end closes (docs/product-rules.md#tiers): lessons and sentences stay open to everyone. */}
          Subscribe to keep every topic, every verb form and the cultural notes. Lessons and sentences stay open either way, and your words,
          streaks and progress are saved and waiting for you.
        </p>
        {status.data?.isActive && (
          <p className="notice">
            You already have Premium. <Link to="/subscription">Manage your subscription</Link>
          </p>
        )}
        {status.data?.isInTrial && (
          <p className="notice">
            Your free trial is still running: {status.data.trialDaysRemaining} {status.data.trialDaysRemaining === 1 ? 'day' : 'days'} left.
            Subscribe now to keep learning without a break.
          </p>
        )}
        {!userPending && !user && (
          <p className="paywall-login">
            Already learning with us? <Link {...LOGIN_TO_SUBSCRIBE}>Log in to subscribe</Link>
          </p>
        )}
      </section>

      <h2 className="visually-hidden">Choose a plan</h2>
      <QueryBoundary query={plans} loading={<Spinner label="Loading plans..." />} failure={LOAD_FAILED}>
        {(list) => <PlanChoices plans={list} status={status.data} onChoose={choose} pendingPlanId={checkout.pendingPlanId} />}
      </QueryBoundary>

      <p className="paywall-free center">
        Not ready yet? The free topics and your first 20 words stay open
        {user ? (
          <>
            {' '}
            — <Link to="/words">keep practising for free</Link>.
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  );
}
