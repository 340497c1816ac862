import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { EventHub } from './events';
import type { Logger } from './log';
import type { MailService } from './mail';
import type { WriteQueue } from './writes';

/** What every module's service is built from. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: Logger;
  mail: MailService;
  events: EventHub;
  /** The group commit that the hot writes (answers, flags, heartbeats, points) go through. */
  writes: WriteQueue;
}
