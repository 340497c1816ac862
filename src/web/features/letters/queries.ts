import { server } from '../../lib/api';
import { read } from '../../lib/query';

/** The number-letters, for both letters screens and their routes' loaders. */
export const lettersQuery = read(server.api.letters);
