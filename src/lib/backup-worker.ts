import { Database } from 'bun:sqlite';

/** Runs `VACUUM INTO` off the server's thread (src/lib/backup.ts): one consistent copy of the database. */
declare const self: Worker;

self.onmessage = (event: MessageEvent<{ databasePath: string; into: string }>) => {
  const { databasePath, into } = event.data;
  try {
    const db = new Database(databasePath, { readonly: true });
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      db.run('VACUUM INTO ?', [into]);
    } finally {
      db.close();
    }
    postMessage({});
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
