import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { Dialog } from '../../ui/Dialog';
import { Countdown } from './Countdown';
import { PlanChoices } from './PlanChoices';
import { overviewQuery } from './queries';
import { LOAD_FAILED, useCancelSubscription, useCheckout, useCountdown, useExpiryRedirect, type SubscriptionOverview } from './hooks';
import { endedStatus } from './rules';
import { TRIAL_DAYS } from '../../../modules/auth/model';
import type { SubscriptionStatus } from '../../lib/session';
import './billing.css';

/**
 * Status, plans and billing history: the /subscription screen and the Settings Subscription tab
 * (`framed` puts each part on its own card, for the full page).
 */
export function SubscriptionManager({ framed }: { framed: boolean }) {
  const overview = useQuery(overviewQuery);
  return (
    <QueryBoundary query={overview} loading={<Spinner label="Loading your subscription..." />} failure={LOAD_FAILED}>
      {(data) => <Overview data={data} receivedAt={overview.dataUpdatedAt} framed={framed} />}
    </QueryBoundary>
  );
}

function Overview({ data, receivedAt, framed }: { data: SubscriptionOverview; receivedAt: number; framed: boolean }) {
  const box = framed ? 'card' : 'billing-section';
  return (
    <div className="billing stack">
      <section className={box} aria-labelledby="subscription-status-heading">
        <StatusBlock status={data} receivedAt={receivedAt} hadSubscription={data.history.length > 0} />
      </section>
      <section className={box} aria-labelledby="subscription-plans-heading">
        <h2 id="subscription-plans-heading">{data.isActive ? 'Your plan' : 'Choose a plan'}</h2>
        <Plans data={data} />
      </section>
      {(data.history.length > 0 || data.paymentMethods.length > 0) && (
        <section className={box} aria-labelledby="subscription-history-heading">
          <History data={data} />
        </section>
      )}
    </div>
  );
}

function Plans({ data }: { data: SubscriptionOverview }) {
  const checkout = useCheckout({ newTab: true });
  if (data.plans.length === 0) return <p className="muted">No plans are on offer right now. Please check back soon.</p>;
  return <PlanChoices plans={data.plans} status={data} onChoose={checkout.start} pendingPlanId={checkout.pendingPlanId} />;
}

function StatusBlock({
  status: lastRead,
  receivedAt,
  hadSubscription,
}: {
  status: SubscriptionStatus;
  receivedAt: number;
  hadSubscription: boolean;
}) {
  const countdown = useCountdown(lastRead, receivedAt);
  // The page follows the clock: at the end of the countdown the trial is over here too, before any read.
  const status = countdown.running && countdown.expired ? endedStatus(lastRead) : lastRead;
  // A learner with billing history lost a subscription, not a trial (cancelled, renewal failed or ended).
  useExpiryRedirect(countdown.expired, hadSubscription);
  const [asking, setAsking] = useState(false);
  const { cancel, pending } = useCancelSubscription();

  async function confirmCancel() {
    const after = await cancel();
    setAsking(false);
    if (after) {
      const end = after.currentPeriodEnd ? ` You keep Premium until ${formatDate(after.currentPeriodEnd)}.` : '';
      toast.success('Subscription Cancelled', { description: `Your subscription will not renew.${end}` });
    }
  }

  return (
    <div className="stack status-block">
      <div className="status-head">
        <h2 id="subscription-status-heading">Your subscription</h2>
        <span className={`status-badge status-${status.label.toLowerCase()}`}>{status.label}</span>
      </div>

      {status.isActive ? (
        <>
          <p className="status-line">Premium{status.currentPlan && <> · {status.currentPlan.name} plan</>}</p>
          {status.cancelAtPeriodEnd ? (
            <>
              <p className="notice warning-notice">
                Your subscription is cancelled and will not renew.
                {status.currentPeriodEnd && (
                  <>
                    {' '}
                    Premium access ends on <strong>{formatDate(status.currentPeriodEnd)}</strong>.
                  </>
                )}
              </p>
              {countdown.running && (
                <div className="countdown-block">
                  <p className="countdown-caption">Premium access ends in</p>
                  <Countdown parts={countdown} label="Premium access ends in" />
                </div>
              )}
            </>
          ) : (
            <>
              {status.nextBillingDate && (
                <p>
                  Next billing date: <strong>{formatDate(status.nextBillingDate)}</strong>
                </p>
              )}
              <div>
                <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
                  Cancel subscription
                </button>
              </div>
            </>
          )}
        </>
      ) : (
        <>
          <p className="status-line">
            {status.isInTrial
              ? 'You are on the free trial: every topic, verb tense, lesson and sentence is open.'
              : 'Your free trial has ended. Choose a plan below to unlock premium content again; the free topics and your first 20 words stay open.'}
          </p>
          <div className="countdown-block">
            <p className="countdown-caption">{status.isInTrial ? 'Your free trial ends in' : 'Free trial'}</p>
            <Countdown parts={countdown} label={status.isInTrial ? 'Your free trial ends in' : 'Free trial'} />
          </div>
          <div className="trial-progress">
            <ProgressBar value={status.trialDaysRemaining} max={TRIAL_DAYS} label="Trial days remaining" />
            <p className="muted">
              {status.trialDaysRemaining} of {TRIAL_DAYS} trial days left
              {status.isInTrial && status.trialEndDate && <> · ends {formatDate(status.trialEndDate)}</>}
            </p>
          </div>
        </>
      )}

      {asking && (
        <CancelDialog endDate={status.currentPeriodEnd} pending={pending} onConfirm={confirmCancel} onClose={() => setAsking(false)} />
      )}
    </div>
  );
}

/**
 * Its own dialog rather than the shared ConfirmDialog: that one's buttons read 'Cancel' and
 * 'Cancel subscription' side by side, which asks a learner to guess which cancel is which.
 */
function CancelDialog(props: { endDate: string | null; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog title="Cancel your subscription?" role="alertdialog" onClose={props.onClose}>
      <div className="dialog-text">
        <p>
          Your subscription will not renew.
          {props.endDate && (
            <>
              {' '}
              You keep Premium until <strong>{formatDate(props.endDate)}</strong>, and your progress stays saved.
            </>
          )}
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={props.onClose} autoFocus>
          Keep subscription
        </button>
        <button type="button" className="button button-danger" onClick={props.onConfirm} disabled={props.pending}>
          {props.pending ? 'Cancelling...' : 'Cancel subscription'}
        </button>
      </div>
    </Dialog>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function History({ data }: { data: SubscriptionOverview }) {
  return (
    <div className="stack">
      {data.history.length > 0 && (
        <div>
          <h2 id="subscription-history-heading">Billing history</h2>
          <div className="table-scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Started</th>
                  <th scope="col">Ends</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((row) => (
                  <tr key={row.id}>
                    <td>{row.planName ?? 'Premium'}</td>
                    <td>{formatDate(row.startDate)}</td>
                    <td>{row.endDate ? formatDate(row.endDate) : '—'}</td>
                    <td>{capitalized(row.status)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {data.paymentMethods.length > 0 && (
        <div>
          <h2 id={data.history.length > 0 ? undefined : 'subscription-history-heading'}>Payment method</h2>
          <ul className="payment-methods">
            {data.paymentMethods.map((method) => (
              <li key={method.id}>
                {capitalized(method.type)}
                {method.last4 && <> ending in {method.last4}</>}
                {method.expiryMonth && method.expiryYear && (
                  <span className="muted">
                    {' '}
                    · expires {String(method.expiryMonth).padStart(2, '0')}/{method.expiryYear}
                  </span>
                )}
                {method.isDefault && <span className="plan-tag">Default</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
