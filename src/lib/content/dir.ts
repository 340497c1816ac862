import { resolve } from 'node:path';

/** The content folder the app imports at start and reads its spelling table from. */
export const CONTENT_DIR = resolve(import.meta.dir, '..', '..', '..', 'content');
