import { createApp } from './app';
import { configOrExit, prepareDatabase } from './boot';

const config = configOrExit();
const db = prepareDatabase(config, { importContent: 'if-empty' });
const app = createApp({ config, db });

app.listen({ port: config.PORT, hostname: config.HOST, maxRequestBodySize: 1024 * 1024 });
app.ctx.log.info('Kalimat is listening', { url: `http://localhost:${app.server?.port}`, database: config.DATABASE_PATH });

const shutdown = async () => {
  await app.stop();
  db.$client.close();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
