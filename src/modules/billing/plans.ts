import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context';
import { ValidationError } from '../../lib/errors';
import { isPrimary } from '../../lib/litefs';
import { CHOOSE_PLAN_MESSAGE, type PlanInterval } from './model';
import { subscriptionPlans } from './schema';

export type Plan = typeof subscriptionPlans.$inferSelect;

const PREMIUM_FEATURES = ['Full vocabulary', 'Complete verb conjugations', 'Cultural notes', 'Priority support'];

/** The published plans (docs/product-rules.md#subscription); prices in cents. Seeded at start so prices live in one place. */
export const PLANS = [
  {
    id: 'monthly',
    name: 'Monthly',
    description: 'Every word, verb, lesson and sentence, billed each month. Cancel any time.',
    priceCents: 699,
    interval: 'month' as const,
    features: PREMIUM_FEATURES,
    isPopular: false,
  },
  {
    id: 'yearly',
    name: 'Yearly',
    description: 'A whole year of full access, billed once, for less than the monthly price.',
    priceCents: 5000,
    interval: 'year' as const,
    features: PREMIUM_FEATURES,
    isPopular: true,
  },
];

export function planView(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.priceCents / 100,
    priceCents: plan.priceCents,
    interval: plan.interval,
    features: plan.features,
    isActive: plan.isActive,
    isPopular: plan.isPopular,
  };
}
export type PlanView = ReturnType<typeof planView>;

/** One calendar month or year after `from`. */
export function addInterval(from: Date, interval: PlanInterval) {
  const end = new Date(from);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** The plans on sale: seeded by the primary at start, read by id or chosen by a checkout. */
export function createPlans(ctx: AppContext) {
  const { db, config } = ctx;
  // Replicas get the plans from the primary; only the primary writes.
  if (isPrimary(config.LITEFS_DIR)) {
    const priceIds: Record<string, string | undefined> = { monthly: config.STRIPE_PRICE_MONTHLY, yearly: config.STRIPE_PRICE_YEARLY };
    db.transaction((tx) => {
      for (const plan of PLANS) {
        const row = { ...plan, isActive: true, stripePriceId: priceIds[plan.id] ?? null };
        tx.insert(subscriptionPlans).values(row).onConflictDoUpdate({ target: subscriptionPlans.id, set: row }).run();
      }
    });
  }

  const planById = db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, sql.placeholder('id')))
    .prepare();

  function active() {
    return db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true)).orderBy(asc(subscriptionPlans.priceCents)).all();
  }

  return {
    byId: (id: string | null | undefined): Plan | undefined => (id ? planById.get({ id }) : undefined),
    active,
    /** The plan a checkout names, by id or by interval; anything else is a 400 naming `planId`. */
    choose(planId: string | undefined, interval: PlanInterval | undefined): Plan {
      const plans = active();
      const plan = planId !== undefined ? plans.find((p) => p.id === planId) : plans.find((p) => p.interval === interval);
      if (!plan || (interval !== undefined && plan.interval !== interval)) throw new ValidationError(CHOOSE_PLAN_MESSAGE, 'planId');
      return plan;
    },
  };
}
export type Plans = ReturnType<typeof createPlans>;
