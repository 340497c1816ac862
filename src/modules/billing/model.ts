import * as v from 'valibot';

export const PLAN_INTERVALS = ['month', 'year'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const CHOOSE_PLAN_MESSAGE = 'Choose the monthly or the yearly plan.';
const ADDRESS_MESSAGE = 'The return address must be a page of this site.';

const PlanId = v.pipe(v.string(CHOOSE_PLAN_MESSAGE), v.trim(), v.minLength(1, CHOOSE_PLAN_MESSAGE), v.maxLength(50, CHOOSE_PLAN_MESSAGE));
const Address = v.pipe(v.string(ADDRESS_MESSAGE), v.maxLength(2000, ADDRESS_MESSAGE), v.url(ADDRESS_MESSAGE));

/** POST /api/subscription/create-checkout-session */
export const CreateCheckoutSessionBody = v.object({ planId: PlanId });

/** POST /api/subscription/checkout: a plan by id or by interval; return addresses must be on this site. */
export const CheckoutBody = v.pipe(
  v.object({
    planId: v.optional(PlanId),
    interval: v.optional(v.picklist(PLAN_INTERVALS, CHOOSE_PLAN_MESSAGE)),
    successUrl: v.optional(Address),
    cancelUrl: v.optional(Address),
  }),
  v.check((body) => body.planId !== undefined || body.interval !== undefined, CHOOSE_PLAN_MESSAGE),
);
export type CheckoutInput = v.InferOutput<typeof CheckoutBody>;

/** POST /api/subscription/demo-checkout: the demo page's Pay button. */
export const DemoPayBody = v.object({ planId: PlanId, successUrl: v.optional(Address) });

const StripeId = v.pipe(v.string(), v.minLength(1), v.maxLength(255));
/** A reference to another Stripe object: its id, the expanded object, or nothing. */
const StripeReference = v.nullish(v.union([StripeId, v.looseObject({ id: StripeId })]));

/**
 * A signed Stripe event as billing reads it (fields billing does not use may be anything). A signed event
 * of another shape comes from a misconfigured sender and is refused, never half-applied.
 */
export const StripeEvent = v.looseObject({
  id: StripeId,
  type: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  data: v.looseObject({ object: v.looseObject({}) }),
});

/** The object of an event billing acts on: a checkout session, a subscription or an invoice. */
export const SubscriptionEventObject = v.looseObject({
  id: v.optional(StripeId),
  mode: v.nullish(v.string()),
  subscription: StripeReference,
  parent: v.nullish(v.looseObject({ subscription_details: v.nullish(v.looseObject({ subscription: StripeReference })) })),
});
export type SubscriptionEventObject = v.InferOutput<typeof SubscriptionEventObject>;
