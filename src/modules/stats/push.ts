import { and, count, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../lib/context';
import { AppError, ValidationError, conflict } from '../../lib/errors';
import { pushSubscriptions } from './schema';

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** How many browsers one learner may have notified: more than anyone uses, few enough that no account fans out. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Web push (docs/decisions/0040-progress-and-reminders.md): the browsers a learner opted in, each sent a reminder
 * encrypted for it (aes128gcm) and signed with the app's VAPID keys by the `web-push` library. Off
 * without VAPID keys. A subscription its push service says is gone (404, 410) is forgotten. An endpoint
 * reaches only a browser's push service at a public address, checked when it is subscribed and again at
 * each send, and belongs to the learner who subscribed it first
 * (docs/decisions/0067-push-reaches-only-push-services.md).
 */
export function createPush(ctx: AppContext) {
  const { db, config, log, pushNetwork } = ctx;
  const P = sql.placeholder;
  const vapid =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : null;
  const ofUser = db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, P('userId')))
    .prepare();
  const byEndpoint = db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, P('endpoint')))
    .prepare();
  const countOf = db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, P('userId')))
    .prepare();
  const forget = (id: number) => db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).run();

  return {
    /** The public key a browser subscribes with; null when push is off. */
    pushKey: () => vapid?.publicKey ?? null,

    /** Refuses an endpoint that is not a push service on the internet; called before the subscription is kept. */
    async checkPushEndpoint(endpoint: string) {
      const target = await pushNetwork.target(endpoint);
      if (!('refused' in target)) return;
      if (target.refused === 'not a push service')
        throw new ValidationError("endpoint must be the https address of a browser's push service.", 'endpoint');
      throw new AppError(422, 'Unprocessable Entity', "endpoint's push service does not resolve to a public address.", {
        field: 'endpoint',
      });
    },

    /**
     * Keeps a browser's subscription for the learner: a browser that subscribes again replaces its own keys;
     * another learner's endpoint is refused, never moved, and so is one past the learner's cap. Run in the
     * write queue: the reads and the write are one transaction.
     */
    subscribePush(userId: number, input: PushSubscriptionInput) {
      const keys = { p256dh: input.keys.p256dh, auth: input.keys.auth };
      const owner = byEndpoint.get({ endpoint: input.endpoint });
      if (owner && owner.userId !== userId)
        throw conflict('Conflict', 'This browser gets the notifications of another account; that account must turn them off first.');
      if (owner) {
        db.update(pushSubscriptions)
          .set(keys)
          .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, userId)))
          .run();
        return;
      }
      if (countOf.get({ userId })!.n >= MAX_PUSH_SUBSCRIPTIONS)
        throw conflict('Conflict', `At most ${MAX_PUSH_SUBSCRIPTIONS} browsers can be notified for one account.`);
      db.insert(pushSubscriptions)
        .values({ userId, endpoint: input.endpoint, ...keys })
        .run();
    },

    /** Sends `message` to every browser the learner opted in; how many took it. */
    async push(userId: number, message: PushMessage): Promise<number> {
      if (!vapid) return 0;
      let delivered = 0;
      for (const sub of ofUser.all({ userId })) {
        const target = await pushNetwork.target(sub.endpoint);
        if ('refused' in target) {
          log.warn('push endpoint refused', { endpoint: sub.endpoint, reason: target.refused });
          // Kept before the list existed, it can never be sent to; a name that resolves inside may yet change.
          if (target.refused === 'not a push service') forget(sub.id);
          continue;
        }
        try {
          const request = webpush.generateRequestDetails(
            { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
            JSON.stringify(message),
            { vapidDetails: vapid, TTL: 3600 },
          );
          const res = await pushNetwork.send(target, request, SEND_TIMEOUT_MS);
          await res.body?.cancel();
          if (res.status === 404 || res.status === 410) forget(sub.id);
          else if (res.ok) delivered++;
          else log.warn('push failed', { status: res.status });
        } catch (error) {
          log.warn('push failed', { error: String(error) });
        }
      }
      return delivered;
    },
  };
}

export type Push = ReturnType<typeof createPush>;
