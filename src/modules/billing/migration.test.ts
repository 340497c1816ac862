import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { migrationsUpTo } from '../../../tests/support/migrations';
import { migrateDatabase, openDatabase } from '../../db/client';

const dir = mkdtempSync(join(tmpdir(), 'kalimat-subscriptions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("migration 0010 moves every account's subscription columns to billing's table, nothing lost", () => {
  const db = openDatabase(join(dir, 'app.db'));
  migrate(db, { migrationsFolder: migrationsUpTo(9) });
  const insert = db.$client.prepare(
    `insert into users (email, username, username_key, name, created_at, trial_start_date, trial_end_date, subscription_status, is_subscribed,
       subscription_plan_id, subscription_expiry_date, current_period_end, cancel_at_period_end, stripe_customer_id, stripe_subscription_id)
     values (?, ?, ?, 'Learner', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  insert.run('paying@example.com', 'paying', 'paying', 1000, 2000, 'active', 1, 'yearly', 5000, 5000, 1, 'cus_1', 'sub_1');
  insert.run('trial@example.com', 'trial', 'trial', 1000, 2000, 'trial', 0, null, null, null, 0, null, null);

  migrateDatabase(db);
  const rows = db.$client.query('select * from subscriptions order by user_id').all();
  expect(rows).toEqual([
    {
      user_id: 1,
      status: 'active',
      is_subscribed: 1,
      plan_id: 'yearly',
      expiry_date: 5000,
      current_period_end: 5000,
      cancel_at_period_end: 1,
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
    },
    {
      user_id: 2,
      status: 'trial',
      is_subscribed: 0,
      plan_id: null,
      expiry_date: null,
      current_period_end: null,
      cancel_at_period_end: 0,
      stripe_customer_id: null,
      stripe_subscription_id: null,
    },
  ]);
  // The trial stays with the account; the subscription columns are gone from it.
  expect(db.$client.query('select trial_start_date, trial_end_date from users where id = 1').get()).toEqual({
    trial_start_date: 1000,
    trial_end_date: 2000,
  });
  const columns = (db.$client.query('pragma table_info(users)').all() as { name: string }[]).map((c) => c.name);
  expect(columns).not.toContain('is_subscribed');
  expect(columns).not.toContain('stripe_customer_id');
  db.$client.close();
});
