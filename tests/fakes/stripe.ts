import Stripe from 'stripe';

/**
 * A fake of the parts of the Stripe API the billing module calls (customers, Checkout sessions,
 * subscriptions retrieve/update), on 127.0.0.1. Tests play the customer with `completeCheckout`,
 * change subscriptions as Stripe would, and sign webhook payloads with Stripe's real scheme.
 */

export const FAKE_STRIPE_KEY = 'sk_test_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_secret';

type Json = Record<string, any>;

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects; numeric keys become arrays. */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

export interface FakeStripe {
  url: string;
  /** Every API call received, in order: method, path and the decoded form body. */
  calls: { method: string; path: string; body: Json }[];
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** While true, every API call answers 500 (Stripe having an outage). */
  failing: boolean;
  /** The customer pays for a session: its subscription exists, the session is complete. */
  completeCheckout(sessionId: string, opts?: { now?: Date; periodDays?: number }): { session: Json; subscription: Json };
  /** Changes a subscription as Stripe would (cancel, payment failure, deletion). */
  updateSubscription(id: string, patch: Json): Json;
  /** A webhook event around an object, as Stripe sends it. */
  event(type: string, object: Json, opts?: { created?: Date }): Json;
  /** The raw body and `stripe-signature` header of an event, signed with `secret`. */
  sign(event: Json, opts?: { secret?: string; timestamp?: Date }): Promise<{ body: string; signature: string }>;
  stop(): void;
}

export function startFakeStripe(opts: { apiKey?: string } = {}): FakeStripe {
  const apiKey = opts.apiKey ?? FAKE_STRIPE_KEY;
  const calls: FakeStripe['calls'] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  let seq = 0;
  const newId = (prefix: string) => `${prefix}_fake${++seq}${Math.random().toString(36).slice(2, 8)}`;
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  const error = (status: number, message: string, code = 'resource_missing') =>
    Response.json({ error: { type: 'invalid_request_error', code, message } }, { status });

  /** `expand[]=default_payment_method` returns the payment method object in place of its id. */
  const withExpansions = (subscription: Json, expand: string[]) => {
    if (!expand.includes('default_payment_method') || !subscription.default_payment_method) return subscription;
    return {
      ...subscription,
      default_payment_method: {
        id: subscription.default_payment_method,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
      },
    };
  };

  const origin = () => server.url.origin;
  const server: Bun.Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request): Promise<Response> {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? url.search.slice(1) : await request.text();
      const body = parseForm(text);
      calls.push({ method: request.method, path: url.pathname, body });
      if (request.headers.get('authorization') !== `Bearer ${apiKey}`) return error(401, 'Invalid API Key provided', 'api_key_invalid');
      if (fake.failing) return Response.json({ error: { type: 'api_error', message: 'An unknown error occurred' } }, { status: 500 });
      const expand: string[] = body.expand ?? [];

      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return Response.json(customer);
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (body.mode !== 'subscription') return error(400, 'mode must be subscription', 'parameter_invalid');
        if (!customers.has(body.customer)) return error(400, `No such customer: '${body.customer}'`);
        if (!body.success_url || !body.cancel_url) return error(400, 'success_url and cancel_url are required', 'parameter_missing');
        const id = newId('cs');
        const session = {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          line_items: body.line_items,
          subscription_data: body.subscription_data ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          subscription: null,
          url: `${origin()}/pay/${id}`,
        };
        sessions.set(id, session);
        return Response.json(session);
      }
      // Any id, as Stripe takes it: the SDK percent-encodes it, and one Stripe never issued is missing.
      const match = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
      if (match) {
        const id = decodeURIComponent(match[1]!);
        const subscription = subscriptions.get(id);
        if (!subscription) return error(404, `No such subscription: '${id}'`);
        if (request.method === 'GET') return Response.json(withExpansions(subscription, expand));
        if (request.method === 'POST') {
          if (subscription.status === 'canceled')
            return error(400, 'A canceled subscription can only update its metadata.', 'subscription_canceled');
          if (body.cancel_at_period_end !== undefined) {
            const cancelling = body.cancel_at_period_end === 'true';
            Object.assign(subscription, { cancel_at_period_end: cancelling, canceled_at: cancelling ? seconds(new Date()) : null });
          }
          return Response.json(withExpansions(subscription, expand));
        }
      }
      return error(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`, 'unrecognized_url');
    },
  });

  const fake: FakeStripe = {
    url: server.url.origin,
    failing: false,
    calls,
    customers,
    sessions,
    subscriptions,

    completeCheckout(sessionId, { now = new Date(), periodDays = 30 } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const item = session.line_items?.[0] ?? {};
      const start = seconds(now);
      const end = start + periodDays * 86_400;
      const subscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        start_date: start,
        metadata: session.subscription_data?.metadata ?? {},
        default_payment_method: newId('pm'),
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              price: {
                id: item.price ?? newId('price'),
                object: 'price',
                recurring: { interval: item.price_data?.recurring?.interval ?? 'month' },
              },
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', subscription: subscription.id });
      return { session: { ...session }, subscription: { ...subscription } };
    },

    updateSubscription(id, patch) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      Object.assign(subscription, patch);
      return { ...subscription };
    },

    event(type, object, { created = new Date() } = {}) {
      return { id: newId('evt'), object: 'event', type, created: seconds(created), livemode: false, api_version: null, data: { object } };
    },

    async sign(event, { secret = FAKE_WEBHOOK_SECRET, timestamp = new Date() } = {}) {
      const body = JSON.stringify(event);
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret, timestamp: seconds(timestamp) });
      return { body, signature };
    },

    stop() {
      server.stop(true);
    },
  };
  return fake;
}

/** The environment that points the app at a fake. */
export const fakeStripeEnv = (fake: FakeStripe, extra: Record<string, string> = {}) => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  ...extra,
});
