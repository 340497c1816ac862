import { resolve } from 'node:path';

/** The content folder the app imports at start and reads its spelling table from. */
export const CONTENT_DIR = resolve(import.meta.dir, '..', '..', 'content');

/** The folder a content command reads: the one `--content DIR` names, else content/. */
export function contentDirOf(args: string[]) {
  const i = args.indexOf('--content');
  return i >= 0 ? args[i + 1] : CONTENT_DIR;
}
