import { Elysia } from 'elysia';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Db } from './db/client';
import { DAY_MS, MovableClock, systemClock, type Clock } from './lib/clock';
import type { AppContext } from './lib/context';
import { compressionPlugin } from './lib/compression';
import { corePlugin } from './lib/core';
import { notFound, serviceUnavailable } from './lib/errors';
import { EventHub } from './lib/events';
import { replicaPlugin } from './lib/litefs';
import { createLogger, type Logger } from './lib/log';
import { createMailService, type MailService } from './lib/mail';
import { createPushNetwork, type PushNetwork } from './lib/push-network';
import { createScreenDrawer } from './lib/screens';
import { clientRequest, serveClient } from './lib/static';
import { WriteQueue } from './lib/writes';
import { createServices, featureModules } from './modules';
import { sessionPlugin } from './modules/auth/plugin';
import * as v from 'valibot';

/** POST /api/dev/clock: how far to move the test server's clock forward (at most a year). */
const ClockBody = v.object(
  {
    advanceMs: v.pipe(
      v.number('advanceMs must be a number.'),
      v.integer('advanceMs must be a whole number of milliseconds.'),
      v.minValue(0, 'advanceMs must be 0 to 366 days.'),
      v.maxValue(366 * DAY_MS, 'advanceMs must be 0 to 366 days.'),
    ),
  },
  'The request body must be a JSON object.',
);

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  log?: Logger;
  mail?: MailService;
  events?: EventHub;
  /** Tests only: push services on this machine (production's is always createPushNetwork()'s). */
  pushNetwork?: PushNetwork;
}

/** The whole server: core rules, the feature modules, the event stream, health and the web client. */
export function createApp(opts: AppOptions) {
  const log = opts.log ?? createLogger(opts.config.LOG_LEVEL);
  const movable = !opts.clock && opts.config.MOVABLE_CLOCK ? new MovableClock() : null;
  const ctx: AppContext = {
    config: opts.config,
    db: opts.db,
    clock: opts.clock ?? movable ?? systemClock,
    log,
    mail: opts.mail ?? createMailService(opts.db, log, { smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM }),
    events: opts.events ?? new EventHub(opts.db),
    pushNetwork: opts.pushNetwork ?? createPushNetwork(),
    writes: new WriteQueue(opts.db.$client, opts.config.COMMIT_DELAY_MS),
  };
  const services = createServices(ctx);

  const app = new Elysia()
    .use(corePlugin(ctx))
    .use(replicaPlugin(ctx.config.LITEFS_DIR))
    .use(compressionPlugin())
    .get('/healthz', () => {
      // A read of a table (not `select 1`, which touches no file): a database that is unreadable, not yet
      // replicated to this machine or never migrated fails the check, and Fly routes no one here.
      try {
        ctx.db.get(sql`select max(id) from __drizzle_migrations`);
      } catch {
        throw serviceUnavailable('The database is not reachable.');
      }
      return { status: 'ok' };
    })
    .use(featureModules(ctx, services))
    .use(sessionPlugin(ctx, services.auth))
    .get(
      '/api/events',
      ({ user, sessionId, request }) => {
        const lastEventId = Number(request.headers.get('last-event-id'));
        return ctx.events.stream(user.id, {
          lastEventId: Number.isSafeInteger(lastEventId) && lastEventId > 0 ? lastEventId : undefined,
          signal: request.signal,
          stillAllowed: () => services.auth.userForSession(sessionId) !== undefined,
        });
      },
      { signedIn: true },
    )
    .get('/api/dev/mail', () => {
      if (ctx.config.isProduction) throw notFound();
      return ctx.mail.outbox();
    })
    .post(
      '/api/dev/clock',
      ({ body }) => {
        if (!movable) throw notFound();
        movable.advance(body.advanceMs);
        return { now: movable.now().toISOString() };
      },
      { body: ClockBody },
    )
    .get('/*', async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/')) throw notFound();
      const visit = clientRequest(request, ctx.config.appUrl);
      return (await screens.draw(request, visit)) ?? serveClient(ctx.config.distDir, visit);
    })
    .onStop(() => screens.stop());
  // A learner's first screen is drawn from the app's own reads, made in this process (src/lib/screens.ts).
  const screens = createScreenDrawer({ config: ctx.config, handle: (request) => app.handle(request), log });

  return Object.assign(app, { ctx, services });
}

export type App = ReturnType<typeof createApp>;
