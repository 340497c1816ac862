import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../lib/context';
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

/**
 * Web push (docs/decisions/0040-progress-and-reminders.md): the browsers a learner opted in, each sent a reminder
 * encrypted for it (aes128gcm) and signed with the app's VAPID keys by the `web-push` library. Off
 * without VAPID keys. A subscription its push service says is gone (404, 410) is forgotten.
 */
export function createPush(ctx: AppContext) {
  const { db, config, log } = ctx;
  const P = sql.placeholder;
  const vapid = config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY } : null;
  const ofUser = db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, P('userId'))).prepare();

  return {
    /** The public key a browser subscribes with; null when push is off. */
    pushKey: () => vapid?.publicKey ?? null,

    /** Keeps a browser's subscription for the learner (a browser that subscribes again replaces its own). */
    subscribePush(userId: number, input: PushSubscriptionInput) {
      const row = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
      db.insert(pushSubscriptions).values(row).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row }).run();
    },

    /** Sends `message` to every browser the learner opted in; how many took it. */
    async push(userId: number, message: PushMessage): Promise<number> {
      if (!vapid) return 0;
      let delivered = 0;
      for (const sub of ofUser.all({ userId })) {
        try {
          await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), { vapidDetails: vapid, TTL: 3600, timeout: 10_000 });
          delivered++;
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id)).run();
          else log.warn('push failed', { status, error: String(error) });
        }
      }
      return delivered;
    },
  };
}

export type Push = ReturnType<typeof createPush>;
