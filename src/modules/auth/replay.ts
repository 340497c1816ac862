import type { AppContext } from '../../lib/context';
import { primaryHost } from '../../lib/litefs';

/**
 * A GET that writes (a verification link, the Google callback) must run on the LiteFS primary: Fly's
 * proxy replays only non-GET requests by itself. On a replica this answers the `fly-replay` header
 * that sends the request to the primary; elsewhere nothing.
 */
export function replayOnPrimary(ctx: AppContext): Response | undefined {
  const primary = primaryHost(ctx.config.LITEFS_DIR);
  if (!primary) return undefined;
  return new Response(null, { status: 409, headers: { 'fly-replay': `instance=${primary}` } });
}
