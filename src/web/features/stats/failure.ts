import { LOAD_FAILURES } from '../../lib/messages';
import type { Failure } from '../../ui/QueryBoundary';

/** A card of /stats whose own data could not be read says so in a line; the rest of the page stands. */
export const TILE_FAILURE: Failure = { message: LOAD_FAILURES.stats, variant: 'inline' };
