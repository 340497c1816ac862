/**
 * `npm start`: builds the web client, migrates the database, imports content/ (idempotent: learners'
 * progress is kept) and serves the app on PORT (default 3000) with DATABASE_PATH (default ./data/app.db).
 */
import { buildClient } from './build';
import { configOrExit, prepareDatabase } from '../src/boot';
import { startServer } from '../src/server';

const config = configOrExit();
await buildClient();
const db = prepareDatabase(config, { importContent: 'always' });
startServer(config, db);
