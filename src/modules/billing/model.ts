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
