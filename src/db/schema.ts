/** Every table of every module, for drizzle-kit and for typed queries. */
export * from '../lib/schema';
export * from '../modules/auth/schema';
export * from '../modules/billing/schema';
export * from '../modules/vocabulary/schema';
export * from '../modules/streak/schema';
export * from '../modules/flagged/schema';
export * from '../modules/letters/schema';
export * from '../modules/sentences/schema';
export * from '../modules/lessons/schema';
export * from '../modules/stats/schema';
export * from '../modules/reports/schema';
export * from '../modules/review/schema';
