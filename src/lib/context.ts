import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { EventHub } from './events';
import type { Logger } from './log';
import type { MailService } from './mail';
import type { PushNetwork } from './push-network';
import type { WriteQueue } from './writes';

/** What every module's service is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  mail: MailService;
  /** The way to the browsers' push services, and nowhere else. */
  pushNetwork: PushNetwork;
  events: EventHub;
  /** The group commit that the hot writes (answers, flags, heartbeats, points) go through. */
  writes: WriteQueue;
}
