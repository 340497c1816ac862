/**
 * `npm start`: builds the web client, migrates the database, imports content/ (idempotent: learners'
 * progress is kept) and serves the app on PORT (default 3000) with DATABASE_PATH (default ./data/app.db).
 */
import { buildClient } from './build';
import { prepareDatabase } from '../src/boot';
import { configOrExit } from '../src/config';
import { startServer } from '../src/server';

const config = configOrExit();
await buildClient();
const db = prepareDatabase(config, { importContent: 'always' });
startServer(config, db);
