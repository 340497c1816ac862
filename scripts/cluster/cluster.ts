import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { startEdge, type EdgeAnswer } from './edge';

/**
 * A LiteFS cluster on 127.0.0.1: a primary and replicas, each a real LiteFS mount with LiteFS's proxy in
 * front of the app as litefs.yml configures it, and an edge per machine that replays `fly-replay`
 * answers as Fly's proxy does (scripts/cluster/edge.ts). `bun run cluster` and the cluster tests share
 * it (docs/decisions/0034-cluster-rehearsal.md).
 */
const ROOT = resolve(import.meta.dir, '../..');
const PRIMARY = 'primary';

interface LiteFSYaml {
  proxy: Record<string, unknown> & { db: string };
  exec: { cmd: string; 'if-candidate'?: boolean }[];
}

/** litefs.yml, the production file: its proxy and exec sections are what every node here runs. */
function productionConfig(): LiteFSYaml {
  return parse(readFileSync(join(ROOT, 'litefs.yml'), 'utf8')) as LiteFSYaml;
}

/** The last lines of a log file, or why there are none. */
function lastLines(file: string, count = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch (error) {
    return String(error);
  }
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** Unmounts a FUSE mount left by a LiteFS that died (lazily: a process still dying may hold it); quiet when nothing is mounted there. */
function unmount(dir: string) {
  Bun.spawnSync(['fusermount3', '-u', '-z', dir], { stdout: 'ignore', stderr: 'ignore' });
}

async function waitFor(what: string, ready: () => Promise<boolean> | boolean, alive: () => string | null, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const dead = alive();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (
      await Promise.resolve()
        .then(ready)
        .catch(() => false)
    )
      return;
    await Bun.sleep(50);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
}

const answers = async (url: string) => (await fetch(url)).status === 200;

export interface ClusterOptions {
  /** The LiteFS binary (scripts/cluster/litefs.ts). */
  litefs: string;
  replicas?: number;
  /** Where mounts, data and logs go; a new temporary directory by default, removed by stop(). */
  dir?: string;
  /** Added to every app process's environment (and `bun run import`'s). */
  env?: Record<string, string>;
}

export async function startCluster(opts: ClusterOptions) {
  const production = productionConfig();
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'kalimat-cluster-'));
  const ownDir = opts.dir === undefined;
  const sessionSecret = randomBytes(32).toString('hex');
  const edgeAnswers: EdgeAnswer[] = [];
  const names = [PRIMARY, ...Array.from({ length: opts.replicas ?? 2 }, (_, i) => `replica-${i + 1}`)];

  const makeNode = async (name: string) => {
    const primary = name === PRIMARY;
    const home = join(dir, name);
    const mount = join(home, 'mount');
    const data = join(home, 'data');
    mkdirSync(mount, { recursive: true });
    mkdirSync(data, { recursive: true });
    const [appPort, proxyPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    return {
      name,
      primary,
      home,
      mount,
      databasePath: join(mount, production.proxy.db),
      appUrl: `http://127.0.0.1:${appPort}`,
      proxyUrl: `http://127.0.0.1:${proxyPort}`,
      /** LiteFS's own API, which replicas stream the primary's transactions from. */
      litefsUrl: `http://127.0.0.1:${httpPort}`,
      edgeUrl: '',
      appPort,
      proxyPort,
      httpPort,
      logs: { litefs: join(home, 'litefs.log'), app: join(home, 'app.log') },
      litefsProcess: null as Bun.Subprocess | null,
      appProcess: null as Bun.Subprocess | null,
    };
  };
  const nodes = await Promise.all(names.map(makeNode));
  const primaryNode = nodes[0]!;

  /** One node's litefs.yml: litefs.yml's proxy (its port and target moved), a static lease, no exec (run below). */
  const configFor = (node: (typeof nodes)[number]) => ({
    fuse: { dir: node.mount },
    data: { dir: join(node.home, 'data') },
    http: { addr: `127.0.0.1:${node.httpPort}` },
    proxy: { ...production.proxy, addr: `127.0.0.1:${node.proxyPort}`, target: `127.0.0.1:${node.appPort}` },
    lease: { type: 'static', hostname: PRIMARY, 'advertise-url': primaryNode.litefsUrl, candidate: node.primary },
  });

  const appEnv = (node: (typeof nodes)[number]) => ({
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(node.appPort),
    DATABASE_PATH: node.databasePath,
    LITEFS_DIR: node.mount,
    // Every machine signs and checks sessions with one secret, as `fly secrets` gives them.
    SESSION_SECRET: sessionSecret,
    APP_URL: node.edgeUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    ...opts.env,
  });

  const spawnLogged = (cmd: string[], logFile: string, env: Record<string, string | undefined>) => {
    const fd = openSync(logFile, 'a');
    try {
      return Bun.spawn(cmd, { cwd: ROOT, env, stdout: fd, stderr: fd });
    } finally {
      closeSync(fd);
    }
  };
  // With the log's last lines: the cluster's folder is removed when its test ends.
  const exitedWith = (child: Bun.Subprocess | null, log: string) =>
    child?.exitCode != null || child?.signalCode ? `exited (${child.exitCode ?? child.signalCode}); ${log} ends:\n${lastLines(log)}` : null;

  /** litefs.yml's exec list, as LiteFS runs it: every command but the last in turn, candidates' only on the primary. */
  const startApp = async (node: (typeof nodes)[number]) => {
    const commands = production.exec.filter((exec) => node.primary || !exec['if-candidate']);
    for (const [i, exec] of commands.entries()) {
      const child = spawnLogged(exec.cmd.split(/\s+/), node.logs.app, appEnv(node));
      if (i < commands.length - 1) {
        if ((await child.exited) !== 0) throw new Error(`${node.name}: \`${exec.cmd}\` failed; see ${node.logs.app}`);
      } else node.appProcess = child;
    }
    await waitFor(
      `${node.name}'s app`,
      () => answers(`${node.appUrl}/healthz`),
      () => exitedWith(node.appProcess, node.logs.app),
    );
  };

  const startLiteFS = async (node: (typeof nodes)[number]) => {
    const configFile = join(node.home, 'litefs.yml');
    writeFileSync(configFile, stringify(configFor(node)));
    node.litefsProcess = spawnLogged([opts.litefs, 'mount', '-config', configFile], node.logs.litefs, process.env);
    // The proxy starts once the node is primary or has caught up with the primary.
    await waitFor(
      `${node.name}'s LiteFS`,
      () => answers(`${node.proxyUrl}/litefs/health`),
      () => exitedWith(node.litefsProcess, node.logs.litefs),
    );
    if (!node.primary)
      await waitFor(
        `${node.name}'s copy of the database`,
        () => existsSync(node.databasePath),
        () => exitedWith(node.litefsProcess, node.logs.litefs),
      );
  };

  const stopProcess = async (child: Bun.Subprocess | null) => {
    if (!child || child.exitCode !== null || child.signalCode) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await child.exited;
    }
  };

  const stopNode = async (node: (typeof nodes)[number]) => {
    await stopProcess(node.appProcess);
    await stopProcess(node.litefsProcess);
    unmount(node.mount);
  };

  const edges = nodes.map((node) => {
    const edge = startEdge(
      node,
      () => nodes,
      (answer) => edgeAnswers.push(answer),
    );
    node.edgeUrl = edge.url;
    return edge;
  });
  const started = nodes.map((node) =>
    Object.assign(node, {
      /** SIGKILL to the app alone, as a crash would; LiteFS and the mount stay. */
      async killApp() {
        node.appProcess?.kill('SIGKILL');
        await node.appProcess?.exited;
      },
      /** Runs litefs.yml's exec list again, as a machine's restart does. */
      startApp: () => startApp(node),
      /** SIGKILL to LiteFS: the mount dies under the app, which is killed with it, and the mount is released. */
      async killLiteFS() {
        node.litefsProcess?.kill('SIGKILL');
        await node.litefsProcess?.exited;
        node.appProcess?.kill('SIGKILL');
        await node.appProcess?.exited;
        unmount(node.mount);
      },
      /** Starts LiteFS again, then the app: a machine coming back. */
      async start() {
        await startLiteFS(node);
        await startApp(node);
      },
    }),
  );

  // A process that ends without stop() (an uncaught error, process.exit) still leaves no mount behind.
  const unmountAll = () => {
    for (const node of nodes) {
      node.appProcess?.kill('SIGKILL');
      node.litefsProcess?.kill('SIGKILL');
      unmount(node.mount);
    }
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', unmountAll);

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', unmountAll);
      for (const edge of edges) edge.stop();
      await Promise.all(nodes.slice(1).map(stopNode));
      await stopNode(primaryNode);
      if (ownDir) rmSync(dir, { recursive: true, force: true });
    })());

  try {
    for (const node of nodes) {
      await startLiteFS(node);
      await startApp(node);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    dir,
    nodes: started,
    primary: started[0]!,
    replicas: started.slice(1),
    /** Every answer an edge gave, with the machine that gave it. */
    edgeAnswers,
    /** Runs `bun run import` on the primary's mount (the command an author runs there), with its arguments. */
    async importContent(args: string[] = []) {
      const run = Bun.spawn([process.execPath, 'scripts/import.ts', ...args], {
        cwd: ROOT,
        env: appEnv(primaryNode),
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const [out, err, code] = [await new Response(run.stdout).text(), await new Response(run.stderr).text(), await run.exited];
      if (code !== 0) throw new Error(`bun run import failed (${code}):\n${out}${err}`);
      return out;
    },
    stop,
  };
}
