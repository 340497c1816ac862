import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The browsers' push services, the only hosts a push endpoint may name
 * (docs/decisions/0067-push-reaches-only-push-services.md): Chrome's (Firebase Cloud Messaging), Firefox's
 * (Mozilla's autopush), Edge's on Windows (WNS, one host per region) and Safari's (Apple's web push). An
 * entry starting with a dot names that domain's subdomains.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  'web.push.apple.com',
] as const;

/**
 * Tests only: a push service on this machine, given by its origin; at `address` when given (which need not
 * be public), else resolved and checked as any.
 */
interface LocalPushService {
  origin: string;
  address?: string;
}

/**
 * How the server reaches push services. Production's is fixed (the hosts above, the system's DNS); only
 * code builds another (tests/support/app.ts passes one to createApp), never the environment or a request.
 */
export interface PushNetworkOptions {
  resolve?: (host: string) => Promise<string[]>;
  localServices?: LocalPushService[];
  /** The certificate local services are trusted with. */
  ca?: string;
}

/** Where a push endpoint is reached: its URL and the public address checked for it, or why it may not be. */
type PushTarget = { url: URL; address: string } | { refused: 'not a push service' | 'not public' };

/** A push request as the `web-push` library prepares it. */
interface PushRequest {
  method: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

const systemResolve = async (host: string) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A push service's endpoint: https on the default port, a host on the list. */
function isPushServiceUrl(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((entry) =>
    entry.startsWith('.') ? url.hostname.endsWith(entry) && url.hostname.length > entry.length : url.hostname === entry,
  );
}

export function createPushNetwork(opts: PushNetworkOptions = {}) {
  const resolve = opts.resolve ?? systemResolve;
  const local = new Map((opts.localServices ?? []).map((service) => [new URL(service.origin).origin, service]));

  return {
    /**
     * Checks an endpoint where it is about to be used: its host on the list and every address it resolves
     * to now public, so a name that pointed outside when it was subscribed and points inside at send time
     * (DNS rebinding) is refused too.
     */
    async target(endpoint: string): Promise<PushTarget> {
      const url = URL.canParse(endpoint) ? new URL(endpoint) : null;
      if (!url) return { refused: 'not a push service' };
      const service = local.get(url.origin);
      if (!service && !isPushServiceUrl(url)) return { refused: 'not a push service' };
      if (service?.address) return { url, address: service.address };
      const addresses = await resolve(url.hostname).catch(() => []);
      if (addresses.length === 0 || !addresses.every(isPublicAddress)) return { refused: 'not public' };
      return { url, address: addresses.find((address) => isIP(address) === 4) ?? addresses[0]! };
    },

    /**
     * Sends a push request to the address `target` checked, not to whatever the name resolves to by then,
     * with the certificate checked against the host name; a redirect is answered, never followed.
     */
    send(target: { url: URL; address: string }, request: PushRequest, timeoutMs: number): Promise<Response> {
      const { url, address } = target;
      const pinned = new URL(url);
      pinned.hostname = isIP(address) === 6 ? `[${address}]` : address;
      const headers = new Headers(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      headers.set('host', url.host);
      // fetch counts the body itself.
      headers.delete('content-length');
      return fetch(pinned, {
        method: request.method,
        headers,
        body: request.body && new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        tls: { serverName: url.hostname, ...(local.has(url.origin) && opts.ca ? { ca: opts.ca } : {}) },
      });
    },
  };
}

export type PushNetwork = ReturnType<typeof createPushNetwork>;

/** The 32 bits of an IPv4 address in dotted form. */
function ipv4Bits(address: string): number {
  return address.split('.').reduce((bits, part) => bits * 256 + Number(part), 0);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part split in two). */
function ipv6Groups(address: string): number[] {
  const plain = address.replace(/%.*$/, '');
  const dotted = plain.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  const text = dotted
    ? `${dotted[1]}${((ipv4Bits(dotted[2]!) >>> 16) & 0xffff).toString(16)}:${(ipv4Bits(dotted[2]!) & 0xffff).toString(16)}`
    : plain;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return tail === undefined ? start : [...start, ...Array(8 - start.length - end.length).fill(0), ...end];
}

/** IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry): [first address, prefix length]. */
const IPV4_NOT_PUBLIC: [string, number][] = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this machine
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254 among them
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, the broadcast address among them
];

function isPublicIpv4(address: string): boolean {
  const bits = ipv4Bits(address);
  return !IPV4_NOT_PUBLIC.some(([first, length]) => bits >>> (32 - length) === ipv4Bits(first) >>> (32 - length));
}

/**
 * Whether an address is on the public internet. IPv6 must be global unicast (2000::/3), which leaves out
 * loopback, unspecified, IPv4-mapped and NAT64 forms, unique-local, link-local and multicast, and not one of
 * its special blocks (Teredo and other protocol assignments, documentation, 6to4).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return isPublicIpv4(address);
  if (family !== 6) return false;
  const [first, second] = ipv6Groups(address) as [number, number];
  if (first >>> 13 !== 0b001) return false;
  if (first === 0x2001 && second < 0x200) return false; // 2001::/23, protocol assignments (Teredo among them)
  if (first === 0x2001 && second === 0xdb8) return false; // 2001:db8::/32, documentation
  if (first === 0x2002) return false; // 6to4, an IPv4 address inside
  if (first === 0x3fff && second >>> 12 === 0) return false; // 3fff::/20, documentation
  return true;
}
