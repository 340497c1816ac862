/**
 * `bun run cluster`: a LiteFS primary and two replicas on this machine (scripts/cluster/cluster.ts), each
 * behind LiteFS's proxy and an edge that replays writes on the primary as Fly's proxy does. Prints each
 * machine's address and log files; Ctrl-C stops everything and unmounts every mount.
 */
import { buildClient } from './build';
import { startCluster } from './cluster/cluster';
import { ensureLiteFS } from './cluster/litefs';

const litefs = await ensureLiteFS();
if (litefs.binary === null) {
  console.error(`Cannot start the cluster: ${litefs.reason}. Install Go (https://go.dev/doc/install), then run \`bun run cluster\` again.`);
  process.exit(1);
}
await buildClient();
console.log('Starting a LiteFS primary and two replicas...');
const cluster = await startCluster({ litefs: litefs.binary });
for (const node of cluster.nodes) {
  console.log(`\n${node.name}${node.primary ? ' (takes every write)' : ''}: ${node.edgeUrl}`);
  console.log(`  LiteFS proxy ${node.proxyUrl}, app ${node.appUrl}, database ${node.databasePath}`);
  console.log(`  logs: ${node.logs.litefs}, ${node.logs.app}`);
}
console.log('\nOpen any address above: writes sent to a replica are replayed on the primary. Ctrl-C stops the cluster.');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping every app and LiteFS, unmounting...`);
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
