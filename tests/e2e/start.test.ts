import { afterAll, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

setDefaultTimeout(90_000);

const ROOT = resolve(import.meta.dir, '../..');
const dir = mkdtempSync(join(tmpdir(), 'kalimat-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm start` is `bun scripts/start.ts`: build, migrate, import, serve on PORT with DATABASE_PATH. */
async function start(port: number) {
  const child = Bun.spawn([process.execPath, 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), DATABASE_PATH: join(dir, 'learners.db'), LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {}
    await Bun.sleep(100);
  }
  throw new Error('the app did not start');
}

async function freePort() {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

test('the start command honours PORT and DATABASE_PATH, and a second start keeps every learner and their progress', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const json = { 'content-type': 'application/json', origin: base };

  let server = await start(port);
  const register = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'rana@example.com', username: 'rana', password: 'secret123', name: 'Rana' }),
  });
  expect(register.status).toBe(201);
  const cookie = register.headers.getSetCookie()[0].split(';')[0];
  const words: Array<{ id: number }> = await (await fetch(`${base}/api/words`, { headers: { cookie } })).json();
  expect(words.length).toBeGreaterThan(0);
  const answer = await fetch(`${base}/api/words/${words[0].id}/progress`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ correct: true, page: 'unified' }),
  });
  expect(answer.status).toBe(200);
  server.kill('SIGTERM');
  await server.exited;

  server = await start(port);
  const me = await fetch(`${base}/api/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect((await me.json()).username).toBe('rana');
  const progress = await (await fetch(`${base}/api/words/${words[0].id}/progress`, { headers: { cookie } })).json();
  expect(progress.timesCorrect).toBe(1);
  server.kill('SIGTERM');
  await server.exited;
});
