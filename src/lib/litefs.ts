import { Elysia } from 'elysia';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from './errors';

/**
 * LiteFS writes `.primary` into its mount only on replicas, naming the primary. Without LiteFS (local
 * runs) this process is the primary.
 */
export function primaryHost(litefsDir: string | undefined): string | null {
  if (!litefsDir) return null;
  const file = join(litefsDir, '.primary');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

export const isPrimary = (litefsDir: string | undefined) => primaryHost(litefsDir) === null;

/**
 * On a replica, the answer to a request that would write: `fly-replay` names the primary, and Fly's proxy
 * replays the request there (what LiteFS's own proxy answers for every non-GET request); a client that
 * reached the replica without Fly's proxy reads a clear refusal. Nothing is written here: on LiteFS the
 * replica's database is read-only. Undefined on the primary.
 */
export function replayOnPrimary(litefsDir: string | undefined): AppError | undefined {
  const primary = primaryHost(litefsDir);
  if (!primary) return undefined;
  return new AppError(409, 'Conflict', 'This server only reads; the request must go to the primary. Please try again.', undefined, { 'fly-replay': `instance=${primary}` });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sends every request that writes, whatever its route, to the primary when this machine is a replica. */
export function replicaPlugin(litefsDir: string | undefined) {
  return new Elysia({ name: 'replica' }).onRequest(({ request }) => {
    if (!WRITES.has(request.method)) return;
    const replay = replayOnPrimary(litefsDir);
    if (replay) throw replay;
  });
}
