import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A push message as the fake push service decrypted it, with the VAPID header that came with it. */
export interface FakePushMessage {
  path: string;
  payload: string;
  authorization: string | null;
}

/** The host name the fake push service is reached by: no DNS knows it, the test's push network pins it to 127.0.0.1. */
export const FAKE_PUSH_HOST = 'push.kalimat.test';

/**
 * A fake push service on 127.0.0.1 for tests: HTTPS with a certificate made for FAKE_PUSH_HOST (push
 * services speak only HTTPS; `network` trusts it), and a browser's side of a subscription: it holds the
 * P-256 key pair and auth secret it hands out, and decrypts every message (aes128gcm, RFC 8291 and 8188)
 * as a browser would. `goneFor` makes a path answer 410, as a push service does for a dropped
 * subscription (or 404, as some do); `redirectFor` makes it answer a redirect elsewhere.
 */
export function startFakePush() {
  const dir = mkdtempSync(join(tmpdir(), 'kalimat-push-'));
  const made = Bun.spawnSync([
    'openssl',
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
    '-subj',
    `/CN=${FAKE_PUSH_HOST}`,
    '-addext',
    `subjectAltName=DNS:${FAKE_PUSH_HOST}`,
  ]);
  if (made.exitCode !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const auth = randomBytes(16);
  const messages: FakePushMessage[] = [];
  const gone = new Map<string, number>();
  const redirects = new Map<string, string>();
  const requests: string[] = [];
  const cert = readFileSync(join(dir, 'cert.pem'), 'utf8');

  function decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverKey = body.subarray(21, 21 + idLength);
    const data = body.subarray(21 + idLength);
    const shared = browser.computeSecret(serverKey);
    const ikm = Buffer.from(
      hkdfSync('sha256', shared, auth, Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey]), 32),
    );
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(data.subarray(data.length - 16));
    const padded = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]);
    // The last record ends with a 2 and any zero padding.
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert, key: readFileSync(join(dir, 'key.pem'), 'utf8') },
    async fetch(request) {
      const path = new URL(request.url).pathname;
      requests.push(path);
      const goneStatus = gone.get(path);
      if (goneStatus) return new Response(null, { status: goneStatus });
      const location = redirects.get(path);
      if (location) return new Response(null, { status: 307, headers: { location } });
      const body = Buffer.from(await request.arrayBuffer());
      messages.push({ path, payload: decrypt(body), authorization: request.headers.get('authorization') });
      return new Response(null, { status: 201 });
    },
  });

  const origin = `https://${FAKE_PUSH_HOST}:${server.port}`;
  return {
    messages,
    /** Every path a request came to, answered or not. */
    requests,
    /** The push network options that reach this service (createTestApp's `pushNetwork`). */
    network: { localServices: [{ origin, address: '127.0.0.1' }], ca: cert },
    /** A subscription as a browser's PushSubscription.toJSON() gives it, for `path` on this service. */
    subscription(path: string) {
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    goneFor(path: string, status: 404 | 410 = 410) {
      gone.set(path, status);
    },
    redirectFor(path: string, location: string) {
      redirects.set(path, location);
    },
    stop() {
      server.stop(true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
