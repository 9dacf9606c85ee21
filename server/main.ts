// Starts the server: open (and migrate) the database, seed demo data into an empty one, listen.
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ database, config, logger: process.env.LOG_LEVEL !== 'silent' });
await app.listen({ port: config.port, host: config.host });
console.log(`Gazeboard API and dashboard on http://${config.host}:${config.port} (${database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
