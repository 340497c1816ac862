import * as v from 'valibot';
import type { AppContext } from '../../lib/context';
import { badRequest, serviceUnavailable } from '../../lib/errors';
import { PAYMENTS_UNAVAILABLE, type Checkout } from './checkout';
import { StripeEvent, SubscriptionEventObject } from './model';
import { StripeMissing, type StripeGateway, type SubscriptionState } from './stripe';
import type { Subscriptions } from './subscriptions';

const WEBHOOK_SIGNATURE_MESSAGE = 'The webhook signature is not valid.';
const WEBHOOK_SHAPE_MESSAGE = 'The webhook event is not a valid Stripe event.';

/** Stripe events billing acts on; any other type is recorded and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The event's subscription id, for the event types billing acts on. */
function subscriptionIdOf(type: string, object: SubscriptionEventObject): string | null {
  const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));
  if (type.startsWith('checkout.session.')) return object.mode === 'subscription' ? idOf(object.subscription) : null;
  if (type.startsWith('customer.subscription.')) return idOf(object.id);
  if (type.startsWith('invoice.')) return idOf(object.parent?.subscription_details?.subscription ?? object.subscription);
  return null;
}

/** Stripe's webhook: each signed event applied once, through the one write path. */
export function createWebhook(ctx: AppContext, deps: { subscriptions: Subscriptions; checkout: Checkout; stripe: StripeGateway | null }) {
  const { clock, log } = ctx;
  const { subscriptions, checkout, stripe } = deps;

  /** A signed event billing can read, or a 400 that is logged (Stripe shows the answer in its dashboard). */
  function readEvent(signed: unknown) {
    const refuse = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => {
      const eventId = signed && typeof signed === 'object' && 'id' in signed ? String(signed.id).slice(0, 100) : null;
      log.warn('malformed stripe event', {
        eventId,
        problem: issues
          .slice(0, 5)
          .map((i) => `${v.getDotPath(i) ?? 'event'}: ${i.message}`)
          .join('; '),
      });
      return badRequest(WEBHOOK_SHAPE_MESSAGE);
    };
    const event = v.safeParse(StripeEvent, signed);
    if (!event.success) throw refuse(event.issues);
    const { id, type } = event.output;
    if (!SUBSCRIPTION_EVENTS.has(type)) return { id, type, subscriptionId: null };
    const object = v.safeParse(SubscriptionEventObject, event.output.data.object);
    if (!object.success) throw refuse(object.issues);
    return { id, type, subscriptionId: subscriptionIdOf(type, object.output) };
  }

  /**
   * A Stripe webhook: signature checked over the raw body, each event id applied once. The state is
   * always re-read from Stripe, so events in any order, late or replayed, leave the current state.
   */
  return async function handleWebhook(
    rawBody: string,
    signature: string | null,
  ): Promise<{ received: true; duplicate?: true; ignored?: true }> {
    if (!stripe?.webhookSecret) throw serviceUnavailable('Stripe webhooks are not configured.');
    let signed: unknown;
    try {
      signed = await stripe.verifyEvent(rawBody, signature ?? '', clock.now().getTime());
    } catch {
      throw badRequest(WEBHOOK_SIGNATURE_MESSAGE);
    }
    const event = readEvent(signed);
    if (subscriptions.isProcessed(event.id)) return { received: true, duplicate: true };
    const { subscriptionId } = event;
    const record = { id: event.id, type: event.type };
    if (!subscriptionId) {
      subscriptions.recordEvent(record);
      return { received: true, ignored: true };
    }
    return checkout.serialized(subscriptionId, async () => {
      if (subscriptions.isProcessed(event.id)) return { received: true as const, duplicate: true as const };
      let state: SubscriptionState;
      try {
        state = await stripe.retrieveSubscription(subscriptionId);
      } catch (error) {
        if (error instanceof StripeMissing) {
          subscriptions.recordEvent(record);
          return { received: true as const, ignored: true as const };
        }
        // Not recorded: Stripe delivers the event again later.
        log.error('stripe subscription lookup failed', { eventId: event.id, error: String(error) });
        throw serviceUnavailable(PAYMENTS_UNAVAILABLE);
      }
      subscriptions.apply(state, record);
      return { received: true as const };
    });
  };
}
