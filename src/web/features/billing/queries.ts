import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The subscription screens' reads, for their hooks and their routes' loaders alike. */
export const plansQuery = read(server.api.subscription.plans);
export const overviewQuery = read(server.api.subscription);
