import Stripe from 'stripe';
import type { Config } from '../../config';
import type { PlanInterval } from './model';

/** What billing needs to know of a subscription, whoever holds it (Stripe or the demo checkout). */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  /** From the subscription's metadata, for a customer not yet linked to a user. */
  userId: number | null;
  planId: string | null;
  /** Paid and running, also while cancelling at period end; false once ended, unpaid or past due. */
  isActive: boolean;
  cancelAtPeriodEnd: boolean;
  startDate: Date;
  currentPeriodEnd: Date;
  cancelledAt: Date | null;
  paymentMethod: { type: string; last4: string | null; expiryMonth: number | null; expiryYear: number | null } | null;
}

export interface CheckoutRequest {
  userId: number;
  customerId: string;
  planId: string;
  planName: string;
  priceCents: number;
  interval: PlanInterval;
  stripePriceId: string | null;
  successUrl: string;
  cancelUrl: string;
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signature header's timestamp (seconds), read as the SDK reads it: the last `t=` wins. */
function signedAt(header: string) {
  let timestamp = -1;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = parseInt(value ?? '', 10);
  }
  return timestamp;
}

/** Stripe answered that the object does not exist: the event refers to something gone. */
export class StripeMissing extends Error {}

// A past-due or unpaid subscription is one whose renewal failed: premium stops until it is paid.
const ACCESS_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
const date = (seconds: number) => new Date(seconds * 1000);

/** A Stripe subscription in billing's terms; the period lives on the items in current API versions. */
export function stateOfStripeSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  const ended = subscription.ended_at ?? null;
  // A cancel set for a date (cancel_at, which Stripe also uses for "at period end" in newer versions) ends
  // access then, with no renewal grace.
  const cancelAt = subscription.cancel_at ?? null;
  const ends = [item?.current_period_end, cancelAt].filter((n): n is number => typeof n === 'number');
  const periodEnd = ended ?? (ends.length > 0 ? Math.min(...ends) : subscription.start_date);
  const userId = Number(subscription.metadata?.userId);
  const pm = subscription.default_payment_method;
  const card = pm && typeof pm === 'object' && pm.type === 'card' ? pm.card : null;
  return {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    planId: subscription.metadata?.planId || null,
    isActive: ACCESS_STATUSES.has(subscription.status) && ended === null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || cancelAt !== null,
    startDate: date(subscription.start_date),
    currentPeriodEnd: date(periodEnd),
    cancelledAt: subscription.canceled_at ? date(subscription.canceled_at) : null,
    paymentMethod: card ? { type: 'card', last4: card.last4, expiryMonth: card.exp_month, expiryYear: card.exp_year } : null,
  };
}

/** The few Stripe calls billing makes; null when STRIPE_SECRET_KEY is not set (the demo checkout). */
export function createStripeGateway(config: Config) {
  if (!config.STRIPE_SECRET_KEY) return null;
  const options: Stripe.StripeConfig = { timeout: 20_000 };
  if (config.STRIPE_API_URL) {
    // Tests and local runs point the SDK at a fake on 127.0.0.1.
    const api = new URL(config.STRIPE_API_URL);
    Object.assign(options, {
      host: api.hostname,
      port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      maxNetworkRetries: 0,
    });
  }
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, options);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET ?? null;

  return {
    webhookSecret,

    async createCustomer(user: { id: number; email: string; name: string }) {
      // The idempotency key makes two quick checkouts of one user create one customer.
      const customer = await stripe.customers.create(
        { email: user.email, name: user.name, metadata: { userId: String(user.id) } },
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },

    async createCheckoutSession(req: CheckoutRequest): Promise<string> {
      const metadata = { userId: String(req.userId), planId: req.planId };
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = req.stripePriceId
        ? { price: req.stripePriceId, quantity: 1 }
        : {
            // Without a configured price id the plan's own price is sent inline.
            price_data: {
              currency: 'usd',
              unit_amount: req.priceCents,
              recurring: { interval: req.interval },
              product_data: { name: `Kalimat ${req.planName}` },
            },
            quantity: 1,
          };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: req.customerId,
        client_reference_id: String(req.userId),
        line_items: [lineItem],
        metadata,
        subscription_data: { metadata },
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return session.url;
    },

    async retrieveSubscription(id: string): Promise<SubscriptionState> {
      try {
        return stateOfStripeSubscription(await stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') throw new StripeMissing(id);
        throw error;
      }
    },

    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SubscriptionState> {
      const subscription = await stripe.subscriptions.update(id, { cancel_at_period_end: cancel, expand: ['default_payment_method'] });
      return stateOfStripeSubscription(subscription);
    },

    /**
     * Verifies the signature over the raw body and that it was signed within five minutes of `receivedAt`
     * (ms, the app's clock), before or after: the SDK refuses old signatures only, and a timestamp far
     * ahead would let a captured event be replayed for as long. The event's shape is the caller's to check.
     */
    async verifyEvent(rawBody: string, signature: string, receivedAt: number): Promise<unknown> {
      const event: unknown = await stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        webhookSecret ?? '',
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      );
      if (signedAt(signature) - Math.floor(receivedAt / 1000) > WEBHOOK_TOLERANCE_SECONDS)
        throw new Error('Timestamp ahead of the tolerance zone');
      return event;
    },
  };
}

export type StripeGateway = NonNullable<ReturnType<typeof createStripeGateway>>;
