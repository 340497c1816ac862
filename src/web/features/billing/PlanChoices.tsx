import { formatDollars } from '../../lib/format';
import type { Plan } from './hooks';
import type { SubscriptionStatus } from '../../lib/session';
import { yearlySavings } from './rules';
import './billing.css';

interface Props {
  plans: Plan[];
  /** The learner's status, to mark the current plan; absent on the paywall for a visitor. */
  status?: SubscriptionStatus | null;
  onChoose: (plan: Plan) => void;
  pendingPlanId: string | null;
}

const per = (interval: string) => (interval === 'year' ? 'year' : 'month');

/**
 * The monthly and yearly plans side by side, the yearly one with the savings computed from the two
 * prices, never typed in (docs/product-rules.md#subscription). A subscriber sees their plan marked; a cancelled one can resume it.
 */
export function PlanChoices({ plans, status, onChoose, pendingPlanId }: Props) {
  const savings = yearlySavings(plans);
  const subscribed = status?.isActive === true;
  const currentId = subscribed ? status?.currentPlan?.id : undefined;

  return (
    <ul className="plans" aria-label="Plans">
      {plans.map((plan) => {
        const isCurrent = plan.id === currentId;
        const saving = plan.interval === 'year' ? savings : null;
        return (
          <li key={plan.id} className={`plan${plan.isPopular ? ' popular' : ''}${isCurrent ? ' current' : ''}`}>
            <div className="plan-head">
              <h3>{plan.name}</h3>
              {isCurrent ? (
                <span className="plan-tag current-tag">Current plan</span>
              ) : (
                plan.isPopular && <span className="plan-tag">Most popular</span>
              )}
            </div>
            <div className="plan-price">
              <p>
                <strong>{formatDollars(plan.priceCents)}</strong> <span className="muted">/ {per(plan.interval)}</span>
              </p>
              {saving && <span className="savings-badge">Save {saving.percent}%</span>}
            </div>
            {saving ? (
              <p className="plan-terms">
                <span className="savings-text">{formatDollars(saving.savedCents)} a year less than paying monthly</span>
                <span className="muted">{formatDollars(saving.monthlyEquivalentCents)} a month, billed once a year</span>
              </p>
            ) : (
              <p className="plan-terms muted">Billed every month, cancel any time</p>
            )}
            <p className="plan-description">{plan.description}</p>
            <ul className="plan-features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <div className="plan-action">
              {subscribed ? (
                isCurrent && status?.cancelAtPeriodEnd ? (
                  <button type="button" className="button button-wide" onClick={() => onChoose(plan)} disabled={pendingPlanId !== null}>
                    {pendingPlanId === plan.id ? 'Resuming...' : 'Resume subscription'}
                  </button>
                ) : (
                  <p className="muted plan-note">{isCurrent ? 'Your Premium plan' : 'Available when your current plan ends'}</p>
                )
              ) : (
                <button type="button" className="button button-wide" onClick={() => onChoose(plan)} disabled={pendingPlanId !== null}>
                  {pendingPlanId === plan.id ? (
                    'Starting checkout...'
                  ) : (
                    <>
                      Subscribe<span className="visually-hidden"> to the {plan.name} plan</span>
                    </>
                  )}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
