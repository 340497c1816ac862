import { expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { createTestApp } from '../tests/support/app';

test('/healthz answers 200 while the database reads, and 503 when it holds no migrated schema or cannot be read', async () => {
  const t = createTestApp({ content: false });
  try {
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    // What a machine whose database has not arrived yet would read: no tables of the app.
    const other = new Database(t.config.DATABASE_PATH);
    other.exec('alter table __drizzle_migrations rename to kept_aside');
    expect((await t.request('GET', '/healthz')).status).toBe(503);
    other.exec('alter table kept_aside rename to __drizzle_migrations');
    other.close();
    expect((await t.request('GET', '/healthz')).status).toBe(200);

    t.db.$client.close();
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(503);
    expect(res.json.message).toBe('The database is not reachable.');
  } finally {
    t.close();
  }
});
