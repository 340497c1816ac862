import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant, createdAt, flag, json } from '../../db/columns';
import { users } from '../auth/schema';

/** A subscription plan (docs/product-rules.md#subscription); prices in whole cents. */
export const subscriptionPlans = sqliteTable('subscription_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  features: json<string[]>('features').notNull().default([]),
  isActive: flag('is_active', true),
  isPopular: flag('is_popular'),
  stripePriceId: text('stripe_price_id'),
});

/**
 * A learner's paid subscription as billing last applied it (Stripe's or the demo's), one row per user who
 * ever reached a checkout or held one; billing alone writes it. The trial is the account's (auth).
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['trial', 'active', 'expired'] })
      .notNull()
      .default('expired'),
    isSubscribed: flag('is_subscribed'),
    planId: text('plan_id'),
    expiryDate: instant('expiry_date'),
    currentPeriodEnd: instant('current_period_end'),
    cancelAtPeriodEnd: flag('cancel_at_period_end'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_customer_unique').on(t.stripeCustomerId),
    // The minute watcher looks up paid periods ending since its last look.
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);
export type Subscription = typeof subscriptions.$inferSelect;

export const subscriptionHistory = sqliteTable(
  'subscription_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').references(() => subscriptionPlans.id),
    stripeSubscriptionId: text('stripe_subscription_id'),
    startDate: instant('start_date').notNull(),
    endDate: instant('end_date'),
    status: text('status', { enum: ['active', 'cancelled', 'expired'] }).notNull(),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_history_user_idx').on(t.userId), index('subscription_history_stripe_idx').on(t.stripeSubscriptionId)],
);
export type SubscriptionHistory = typeof subscriptionHistory.$inferSelect;

export const paymentMethods = sqliteTable(
  'payment_methods',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    last4: text('last4'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    isDefault: flag('is_default'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);

/** Stripe events already applied: a webhook is processed once per event id. */
export const processedWebhookEvents = sqliteTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: createdAt(),
});
