import type { Database } from 'bun:sqlite';

const readers = new WeakMap<Database, () => number>();

/**
 * The connection's `PRAGMA data_version`, which moves when another connection commits (an import beside
 * the server, a LiteFS replica catching up; never this connection's own writes). It is read once per
 * synchronous run however many memos ask, so a batch of answers pays one pragma, not one per memo and
 * answer (docs/decisions/0008).
 */
export function dataVersion(client: Database): number {
  let read = readers.get(client);
  if (!read) {
    const pragma = client.prepare<{ data_version: number }, []>('PRAGMA data_version');
    let current: number | undefined;
    read = () => {
      if (current === undefined) {
        current = pragma.get()!.data_version;
        queueMicrotask(() => {
          current = undefined;
        });
      }
      return current;
    };
    readers.set(client, read);
  }
  return read();
}
