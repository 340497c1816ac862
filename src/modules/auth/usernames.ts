import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/log';
import { usernameKey, users } from './schema';

export interface UsernameCollision {
  userId: number;
  username: string;
  /** The account that already holds the folded key, and keeps it. */
  takenBy: { userId: number; username: string };
}

/**
 * Brings every stored username key to the current fold (migration 0005 keyed existing accounts with
 * SQLite's ASCII lower(), and the fold has since grown to full case folding). Two accounts whose names
 * now fold alike cannot both hold the key: the one holding it keeps it, the other keeps its old key
 * (which no new name can fold to, so no one can register either name again) and is reported for a
 * person to resolve, instead of the start failing on the unique index. Runs at every start on the
 * primary; once the keys are current it only reads.
 */
export function refoldUsernameKeys(db: Db, log: Logger): UsernameCollision[] {
  const rows = db.select({ id: users.id, username: users.username, key: users.usernameKey }).from(users).orderBy(asc(users.id)).all();
  const stale = rows.filter((row) => usernameKey(row.username) !== row.key);
  if (stale.length === 0) return [];
  const holders = new Map(rows.map((row) => [row.key, row]));
  const collisions: UsernameCollision[] = [];
  db.transaction((tx) => {
    for (const row of stale) {
      const key = usernameKey(row.username);
      const holder = holders.get(key);
      if (holder && holder.id !== row.id) {
        collisions.push({ userId: row.id, username: row.username, takenBy: { userId: holder.id, username: holder.username } });
        continue;
      }
      tx.update(users).set({ usernameKey: key }).where(eq(users.id, row.id)).run();
      holders.delete(row.key);
      holders.set(key, { ...row, key });
    }
  });
  for (const collision of collisions) log.warn('username collides with another under case folding; rename one of them', { ...collision });
  log.info('username keys refolded', { updated: stale.length - collisions.length, collisions: collisions.length });
  return collisions;
}
