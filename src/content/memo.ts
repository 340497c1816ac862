import type { Database } from 'bun:sqlite';
import { dataVersion } from '../lib/data-version';

let generation = 0;

/** Tells the memos of this process that an import changed the content (called by runImport). */
export function contentChanged() {
  generation++;
}

/**
 * A value computed from the content (how many words a batch holds, a topic's size), kept until the
 * content may have changed: after an import in this process, or after any commit by another connection
 * (an import run beside the server, a LiteFS replica catching up), which `dataVersion` tells. So the
 * answer path never counts the deck again.
 */
export function contentMemo<T>(client: Database, compute: () => T): () => T {
  let key = '';
  let value: T;
  return () => {
    const now = `${generation}:${dataVersion(client)}`;
    if (now !== key) {
      value = compute();
      key = now;
    }
    return value;
  };
}
