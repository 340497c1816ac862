import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dir, '../..');
/** The LiteFS the rehearsal runs: the release the Dockerfile's image (flyio/litefs:0.5) carries. */
export const LITEFS_VERSION = 'v0.5.14';
const BIN_DIR = join(ROOT, '.cache/litefs', LITEFS_VERSION);
export const LITEFS_BINARY = join(BIN_DIR, 'litefs');

/** Go on PATH, or where its official archive installs it. */
function goBinary(): string | null {
  return Bun.which('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
}

export type LiteFSBuild = { binary: string; builtInMs?: number } | { binary: null; reason: string };

/**
 * The LiteFS binary, built once into .cache/litefs/<version> with `go install` (cgo: FUSE's parts need
 * gcc). Null with the reason when it is not built and Go is not installed.
 */
export async function ensureLiteFS(log: (line: string) => void = console.log): Promise<LiteFSBuild> {
  if (existsSync(LITEFS_BINARY)) return { binary: LITEFS_BINARY };
  const go = goBinary();
  if (!go)
    return {
      binary: null,
      reason: `LiteFS is not built (${LITEFS_BINARY}) and Go is not installed (no \`go\` on PATH or in /usr/local/go/bin)`,
    };
  mkdirSync(BIN_DIR, { recursive: true });
  log(`Building LiteFS ${LITEFS_VERSION} with ${go} (once; kept in ${BIN_DIR})...`);
  const started = performance.now();
  const build = Bun.spawn([go, 'install', `github.com/superfly/litefs/cmd/litefs@${LITEFS_VERSION}`], {
    env: { ...process.env, GOBIN: BIN_DIR, CGO_ENABLED: '1' },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  if ((await build.exited) !== 0 || !existsSync(LITEFS_BINARY))
    throw new Error(`go install of LiteFS ${LITEFS_VERSION} failed (exit code ${build.exitCode}; output above)`);
  const builtInMs = Math.round(performance.now() - started);
  log(`LiteFS built in ${(builtInMs / 1000).toFixed(1)} s`);
  return { binary: LITEFS_BINARY, builtInMs };
}
