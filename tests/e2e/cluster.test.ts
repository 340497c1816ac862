import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startCluster } from '../../scripts/cluster/cluster';
import { ensureLiteFS } from '../../scripts/cluster/litefs';
import { startFakeS3 } from '../fakes/s3';
import { isPrimary, primaryHost } from '../../src/lib/litefs';

/**
 * The app on a real LiteFS cluster (scripts/cluster/cluster.ts): a primary and two replicas, each a FUSE
 * mount behind LiteFS's proxy, and an edge per machine that replays `fly-replay` answers on the primary as
 * Fly's proxy does. A replica's file is read-only underneath the app, pages arrive from the primary under
 * its connections, and the proxy decides what is replayed (docs/decisions/0034-cluster-rehearsal.md).
 */
const build = await ensureLiteFS();
// CI (`.ci/run`) must run these: only a machine without Go and without a built LiteFS may skip them.
const mandatory = process.env.CI === 'true';
if (build.binary === null && !mandatory) console.warn(`\nSkipping the LiteFS cluster tests: ${build.reason}.\n`);
const suite = build.binary === null && !mandatory ? describe.skip : describe;

const ROOT = resolve(import.meta.dir, '../..');
const s3 = startFakeS3();
let cluster: Awaited<ReturnType<typeof startCluster>>;
let addresses = 1;

/** A visitor with a cookie jar (the session, and LiteFS's `__txid`) who enters through one machine's edge. */
class Visitor {
  cookies = new Map<string, string>();
  readonly ip = `10.31.${addresses >> 8}.${addresses++ & 255}`;
  constructor(readonly edge: string) {}

  async send(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      origin: this.edge,
      'fly-client-ip': this.ip,
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.edge}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }

  async register(name: string) {
    const res = await this.send('POST', '/api/register', {
      email: `${name}@example.com`,
      username: name,
      password: 'secret123',
      name: 'Cluster Learner',
    });
    expect(res.status).toBe(201);
    return res.json.user.id as number;
  }
}

/** A read-only look at one machine's copy of the database, through its mount. */
function query<T>(databasePath: string, sql: string, ...params: (string | number)[]): T[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.query(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Waits until `check` holds, at most `withinMs`; returns how long it took. */
async function within(withinMs: number, what: string, check: () => Promise<boolean> | boolean) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await Bun.sleep(20);
  }
  return performance.now() - started;
}

suite('the app on a LiteFS primary and two replicas', () => {
  beforeAll(async () => {
    if (build.binary === null) throw new Error(`CI=true: the LiteFS cluster tests cannot be skipped, but ${build.reason}`);
    cluster = await startCluster({ litefs: build.binary, env: { ...s3.env, NODE_ENV: 'test' } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    s3.close();
  });

  test('a learner signs up, answers 50 cards and flags words through a replica: every write is replayed on the primary, and their next read on the replica shows it', async () => {
    const [primary, replica] = [cluster.primary, cluster.replicas[0]!];
    const learner = new Visitor(replica.edgeUrl);
    const userId = await learner.register('clusterlearner');
    const words = (await learner.send('GET', '/api/words')).json as { id: number }[];
    expect(words.length).toBeGreaterThan(20);

    const expected = new Map<number, { timesCorrect: number; timesIncorrect: number }>();
    for (let i = 0; i < 50; i++) {
      const word = words[i % 20]!;
      const correct = i % 3 !== 0;
      const res = await learner.send('POST', `/api/words/${word.id}/progress`, { correct, page: 'unified' });
      expect(res.status).toBe(200);
      const counts = expected.get(word.id) ?? { timesCorrect: 0, timesIncorrect: 0 };
      counts[correct ? 'timesCorrect' : 'timesIncorrect']++;
      expected.set(word.id, counts);
    }
    const flagged = [words[21]!.id, words[22]!.id, words[23]!.id];
    // Read once before the flags, so the replica keeps the learner's flagged words (src/lib/kept.ts) as they were.
    const isFlagged = async () =>
      new Map(((await learner.send('GET', '/api/words')).json as { id: number; isFlagged: boolean }[]).map((w) => [w.id, w.isFlagged]));
    const before = await isFlagged();
    expect(flagged.map((id) => before.get(id))).toEqual([false, false, false]);
    for (const id of flagged) expect((await learner.send('POST', `/api/words/${id}/flag`, { isFlagged: true })).status).toBe(200);

    // The learner's next reads, on the replica, at once: LiteFS's proxy holds them until the replica has the
    // writes. A wrong answer flags its word too, so the list is the primary's, with the three flagged by hand.
    const flaggedOnPrimary = query<{ word_id: number }>(
      primary.databasePath,
      'select word_id from flagged_words where user_id = ? order by word_id',
      userId,
    ).map((row) => row.word_id);
    expect(flaggedOnPrimary).toEqual(expect.arrayContaining(flagged));
    const seenFrom = cluster.edgeAnswers.length;
    expect(((await learner.send('GET', '/api/words/flagged')).json as { id: number }[]).map((w) => w.id).sort((a, b) => a - b)).toEqual(
      flaggedOnPrimary,
    );
    const after = await isFlagged();
    expect(flagged.map((id) => after.get(id))).toEqual([true, true, true]);
    for (const [id, counts] of expected) expect((await learner.send('GET', `/api/words/${id}/progress`)).json).toMatchObject(counts);
    expect((await learner.send('GET', '/api/stats')).status).toBe(200);
    expect(cluster.edgeAnswers.slice(seenFrom).every((a) => a.node === replica.name && a.status === 200)).toBe(true);

    // Every write went to the replica's edge and was answered by the primary.
    const writes = cluster.edgeAnswers.filter((a) => a.method === 'POST' && a.replayedFrom === replica.name);
    expect(writes.length).toBe(1 + 50 + 3);
    expect(writes.every((a) => a.node === primary.name && a.status < 300)).toBe(true);
    const [onPrimary] = query<{ answers: number }>(
      primary.databasePath,
      'select sum(times_correct + times_incorrect) as answers from user_progress where user_id = ?',
      userId,
    );
    expect(onPrimary!.answers).toBe(50);
  });

  test('`bun run import` of a changed word on the primary is served by every replica within 2 s, without a restart', async () => {
    const content = mkdtempSync(join(tmpdir(), 'kalimat-cluster-content-'));
    try {
      cpSync(join(ROOT, 'content'), content, { recursive: true });
      const file = join(content, 'words/colors.yaml');
      const changed = readFileSync(file, 'utf8').replace(/english: red\n/, 'english: red (said on the cluster)\n');
      expect(changed).toContain('red (said on the cluster)');
      writeFileSync(file, changed);
      const visitors = cluster.nodes.map((node) => new Visitor(node.edgeUrl));
      // Each machine serves the word list (a visitor's deck, memoised per content) before the import, so its memos hold the old word.
      for (const visitor of visitors) {
        const deck = JSON.stringify((await visitor.send('GET', '/api/words')).json);
        expect(deck).toContain('"english":"red"');
        expect(deck).not.toContain('said on the cluster');
      }

      await cluster.importContent(['--content', content]);
      const took = await Promise.all(
        visitors.map((visitor, i) =>
          within(2000, `${cluster.nodes[i]!.name} serves the changed word`, async () =>
            JSON.stringify((await visitor.send('GET', '/api/words')).json).includes('said on the cluster'),
          ),
        ),
      );
      console.log(
        `the changed word served ${took.map((ms, i) => `by ${cluster.nodes[i]!.name} ${Math.round(ms)} ms`).join(', ')} after the import`,
      );
    } finally {
      await cluster.importContent();
      rmSync(content, { recursive: true, force: true });
    }
  }, 60_000);

  test('a leaderboard change and a trial countdown update reach a stream held on a replica within 2 s', async () => {
    const replica = cluster.replicas[1]!;
    const watcher = new Visitor(replica.edgeUrl);
    await watcher.register('clusterwatcher');
    const scorer = new Visitor(cluster.replicas[0]!.edgeUrl);
    await scorer.register('clusterscorer');
    const words = (await scorer.send('GET', '/api/words')).json as { id: number }[];

    const abort = new AbortController();
    const stream = await fetch(`${replica.edgeUrl}/api/events`, {
      headers: { cookie: [...watcher.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(cluster.edgeAnswers.findLast((a) => a.path === '/api/events')).toMatchObject({ node: replica.name, status: 200 });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const events = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    })().catch(() => {});
    const frames = (channel: string) =>
      text
        .split('\n\n')
        .filter((frame) => frame.includes(`event: ${channel}\n`))
        .map((frame) => JSON.parse(frame.slice(frame.indexOf('data: ') + 6)));
    try {
      await within(5000, 'the stream opens', () => text.includes(': connected'));

      expect((await scorer.send('POST', `/api/words/${words[0]!.id}/progress`, { correct: true, page: 'unified' })).status).toBe(200);
      await within(2000, 'the leaderboard reaches the replica', () =>
        frames('leaderboard').some((standings) => JSON.stringify(standings).includes('clusterscorer')),
      );

      // The trial countdown ends as the watcher subscribes (a write replayed on the primary).
      expect((await watcher.send('GET', '/api/user/trial-status')).json).toMatchObject({ isTrialActive: true });
      expect((await watcher.send('POST', '/api/subscription/demo-checkout', { planId: 'yearly' })).status).toBe(200);
      await within(2000, 'the subscription event reaches the replica', () =>
        frames('subscription').some((status) => status.isActive === true && status.status === 'active'),
      );
    } finally {
      abort.abort();
      await events;
    }
  }, 30_000);

  /** 16 learners answering as fast as the machines acknowledge, spread over the three edges, while `crash` runs. */
  async function answerLoadThrough(crash: () => Promise<void>, prefix: string) {
    const learners = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => {
        const visitor = new Visitor(cluster.nodes[i % 3]!.edgeUrl);
        const id = await visitor.register(`${prefix}${i}`);
        return { visitor, id, wordId: 0, acknowledged: 0, sent: 0 };
      }),
    );
    const words = (await learners[0]!.visitor.send('GET', '/api/words')).json as { id: number }[];
    learners.forEach((learner, i) => (learner.wordId = words[i]!.id));
    let running = true;
    const load = learners.map(async (learner) => {
      while (running) {
        learner.sent++;
        const res = await learner.visitor.send('POST', `/api/words/${learner.wordId}/progress`, { correct: true, page: 'unified' });
        if (res.status === 200) learner.acknowledged++;
        // The primary gone (the proxy's or the edge's 502, a replica's 503) is no acknowledgement; anything else is a fault.
        else if (![502, 503, 504].includes(res.status)) throw new Error(`answer: ${res.status} ${JSON.stringify(res.json)}`);
      }
    });
    await Bun.sleep(800);
    await crash();
    await Bun.sleep(800);
    running = false;
    await Promise.all(load);

    const acknowledged = learners.reduce((n, l) => n + l.acknowledged, 0);
    expect(acknowledged).toBeGreaterThan(16 * 4);
    const counts = (path: string) =>
      new Map(
        query<{ user_id: number; times_correct: number }>(
          path,
          `select user_id, times_correct from user_progress where user_id in (${learners.map((l) => l.id).join(',')})`,
        ).map((r) => [r.user_id, r.times_correct]),
      );
    const onPrimary = counts(cluster.primary.databasePath);
    for (const learner of learners) {
      expect(onPrimary.get(learner.id)).toBeGreaterThanOrEqual(learner.acknowledged);
      expect(onPrimary.get(learner.id)).toBeLessThanOrEqual(learner.sent);
    }
    for (const replica of cluster.replicas) {
      await within(10_000, `${replica.name} catches up`, () => {
        const copy = counts(replica.databasePath);
        return learners.every((l) => copy.get(l.id) === onPrimary.get(l.id));
      });
    }
    for (const node of cluster.nodes) expect(query(node.databasePath, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    console.log(`${acknowledged} acknowledged answers from 16 learners, all on the primary and both replicas`);
  }

  test("kill -9 of the primary's app during an answer load: every acknowledged answer is on the primary and both replicas", async () => {
    await answerLoadThrough(async () => {
      await cluster.primary.killApp();
      await cluster.primary.startApp();
    }, 'appkill');
  }, 90_000);

  test("kill -9 of the primary's LiteFS during an answer load: every acknowledged answer is on the primary and both replicas", async () => {
    await answerLoadThrough(async () => {
      expect(cluster.nodes.map((node) => [isPrimary(node.mount), primaryHost(node.mount)])).toEqual([
        [true, null],
        [false, 'primary'],
        [false, 'primary'],
      ]);
      await cluster.primary.killLiteFS();
      // The replicas lose their `.primary`, yet neither takes itself for the primary (src/lib/litefs.ts): no job of the primary's runs there.
      await within(5000, 'the replicas see the primary gone', () =>
        cluster.replicas.every((replica) => primaryHost(replica.mount) === null),
      );
      expect(cluster.replicas.map((replica) => isPrimary(replica.mount))).toEqual([false, false]);
      await cluster.primary.start();
    }, 'fskill');
  }, 90_000);

  test('backups run on the primary only', () => {
    const logged = (node: (typeof cluster.nodes)[number]) =>
      readFileSync(node.logs.app, 'utf8')
        .split('\n')
        .filter((line) => line.includes('"database backed up"')).length;
    // The primary backs up as it starts, and it started three times (the two crashes above).
    expect(logged(cluster.primary)).toBe(3);
    expect(s3.keys().length).toBe(3);
    for (const replica of cluster.replicas) expect(logged(replica)).toBe(0);
  });

  test('no replica logged an error or answered a 5xx during the whole suite, and both still serve', async () => {
    for (const replica of cluster.replicas) {
      expect(replica.appProcess?.exitCode).toBeNull();
      expect((await fetch(`${replica.edgeUrl}/healthz`)).status).toBe(200);
      expect(cluster.edgeAnswers.at(-1)).toMatchObject({ node: replica.name, path: '/healthz', status: 200 });
      expect(cluster.edgeAnswers.filter((a) => a.node === replica.name && a.status >= 500)).toEqual([]);
      const errors = readFileSync(replica.logs.app, 'utf8')
        .split('\n')
        .filter((line) => /"level":"(error|warn)"/.test(line) || /error/i.test(line));
      expect({ replica: replica.name, errors }).toEqual({ replica: replica.name, errors: [] });
      const litefsErrors = readFileSync(replica.logs.litefs, 'utf8')
        .split('\n')
        .filter((line) => /level=ERROR|panic|fatal/i.test(line));
      expect({ replica: replica.name, litefsErrors }).toEqual({ replica: replica.name, litefsErrors: [] });
    }
    expect(cluster.edgeAnswers.length).toBeGreaterThan(100);
  });
});
