import type { Config } from '../config';

type ServerLike = { requestIP(request: Request): { address: string } | null } | null | undefined;

/** The client's address: the socket's, or Fly-Client-IP behind Fly's proxy when TRUST_PROXY=true. */
export function clientIp(config: Config, request: Request, server: ServerLike): string {
  if (config.TRUST_PROXY) {
    const forwarded = request.headers.get('fly-client-ip');
    if (forwarded) return forwarded.trim();
  }
  return server?.requestIP(request)?.address ?? 'unknown';
}
