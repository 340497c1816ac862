import { Elysia } from 'elysia';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, serviceUnavailable } from './errors';

/** A file of LiteFS's mount, or null while it is absent: `.primary` comes and goes as a replica connects. */
function readMountFile(litefsDir: string, name: string): string | null {
  try {
    return readFileSync(join(litefsDir, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * How long this machine's part is taken as read. Every request that writes asks, and each read of the
 * mount is a round trip to LiteFS: per answer it cost a sixth of the primary's time in system calls
 * (docs/decisions/0034-cluster-rehearsal.md). The lease moves in seconds, not in a tenth of one.
 */
const ROLE_KEPT_MS = 100;
const roles = new Map<string, { readAt: number; primary: string | null; isPrimary: boolean }>();

/**
 * On LiteFS, no `.primary` is not enough to be the primary: a replica whose primary is gone (restarting,
 * or the lease moving) shows none either. LiteFS's `.lag` tells them apart: 0 on the primary, on a
 * replica the milliseconds since the primary's last transaction.
 */
function roleOf(litefsDir: string) {
  const now = performance.now();
  let role = roles.get(litefsDir);
  if (!role || now - role.readAt > ROLE_KEPT_MS) {
    const primary = readMountFile(litefsDir, '.primary')?.trim() || null;
    const lag = primary === null ? readMountFile(litefsDir, '.lag') : null;
    role = { readAt: now, primary, isPrimary: primary === null && (lag === null || Number(lag) === 0) };
    roles.set(litefsDir, role);
  }
  return role;
}

/**
 * The primary's name while this machine is a replica connected to it: LiteFS shows `.primary` in its mount
 * only then. Null on the primary, on a replica that has lost its primary, and without LiteFS.
 */
export function primaryHost(litefsDir: string | undefined): string | null {
  return litefsDir ? roleOf(litefsDir).primary : null;
}

/** Whether this machine may write: without LiteFS (local runs) it is the primary. */
export function isPrimary(litefsDir: string | undefined): boolean {
  return litefsDir ? roleOf(litefsDir).isPrimary : true;
}

/**
 * On a replica, the answer to a request that would write: `fly-replay` names the primary, and Fly's proxy
 * replays the request there (what LiteFS's own proxy answers for every non-GET request); a client that
 * reached the replica without Fly's proxy reads a clear refusal. While the replica knows no primary, a
 * 503 asks the client to try again, as LiteFS's proxy does. Nothing is written here: on LiteFS the
 * replica's database is read-only. Undefined on the primary.
 */
export function replayOnPrimary(litefsDir: string | undefined): AppError | undefined {
  const primary = primaryHost(litefsDir);
  if (primary)
    return new AppError(409, 'Conflict', 'This server only reads; the request must go to the primary. Please try again.', undefined, {
      'fly-replay': `instance=${primary}`,
    });
  if (!isPrimary(litefsDir)) return serviceUnavailable('The server that takes changes is restarting. Please try again in a moment.');
  return undefined;
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
