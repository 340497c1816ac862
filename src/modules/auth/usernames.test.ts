import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { migrateDatabase, openDatabase } from '../../db/client';
import type { Logger } from '../../lib/log';
import { users } from './schema';

const dir = mkdtempSync(join(tmpdir(), 'kalimat-usernames-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a start refolds the keys of existing usernames and reports the names that now collide, without failing', async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: join(dir, 'app.db'),
    APP_URL: 'http://localhost:3000',
  });
  const db = openDatabase(config.DATABASE_PATH);
  migrateDatabase(db);
  // Keys as migration 0005 wrote them for existing accounts: SQLite's lower(), which folds ASCII only.
  const existing = [
    ['STRASSE', 'strasse'],
    ['Straße', 'straße'],
    ['Émile', 'Émile'],
    ['ΣΟΦΟΣ', 'ΣΟΦΟΣ'],
    ['σοφοσ', 'σοφοσ'],
    ['rana', 'rana'],
  ];
  const ids = existing.map(
    ([username, usernameKey], i) =>
      db
        .insert(users)
        .values({ email: `old${i}@example.com`, username, usernameKey, name: 'Old Learner', createdAt: new Date() })
        .returning()
        .get().id,
  );

  const warnings: Record<string, unknown>[] = [];
  const log: Logger = { debug() {}, info() {}, error() {}, warn: (msg, fields) => warnings.push({ msg, ...fields }) };
  const app = createApp({ config, db, log });
  const keyOf = (id: number) => db.select().from(users).where(eq(users.id, id)).get()!.usernameKey;

  expect(warnings).toEqual([
    expect.objectContaining({
      msg: expect.stringContaining('username collides'),
      userId: ids[1],
      username: 'Straße',
      takenBy: { userId: ids[0], username: 'STRASSE' },
    }),
    expect.objectContaining({ userId: ids[3], username: 'ΣΟΦΟΣ', takenBy: { userId: ids[4], username: 'σοφοσ' } }),
  ]);
  expect(ids.map(keyOf)).toEqual(['strasse', 'straße', 'émile', 'ΣΟΦΟΣ', 'σοφοσ', 'rana']);

  const register = (username: string) =>
    app.handle(
      new Request('http://localhost:3000/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
        body: JSON.stringify({ email: `${crypto.randomUUID()}@example.com`, username, password: 'secret123', name: 'New Learner' }),
      }),
    );
  for (const taken of ['émile', 'STRAßE', 'strasse', 'Σοφος', 'ΣΟΦΟΣ'])
    expect({ taken, status: (await register(taken)).status }).toEqual({ taken, status: 409 });
  expect((await register('emile')).status).toBe(201);

  // A second start finds nothing more to do and reports the same collisions again.
  warnings.length = 0;
  createApp({ config, db, log });
  expect(warnings).toHaveLength(2);
  db.$client.close();
});
