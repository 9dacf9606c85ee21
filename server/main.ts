// Starts the server: open (and migrate) the database, seed reference data and — into an empty
// database — the demo, listen, then seed demo respondents in the background (resumable).
import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createStorage } from './storage/index.js';
import { DEMO_ACCOUNTS, prepareDemoFilesInBackground, seedOnStart, seedPendingRespondents } from './seed/index.js';

const started = Date.now();
const say = (message: string) => console.log(`[gazeboard] ${message}`);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const config = loadConfig();
const level = process.env.LOG_LEVEL ?? 'info';
const storage = createStorage(config);
// Demo creatives are drawn on the second core while the database opens and migrates.
const filesReady = config.seed ? prepareDemoFilesInBackground(storage, say) : undefined;
say(config.databaseUrl ? 'opening PostgreSQL (DATABASE_URL)' : `opening PGlite in ${path.resolve(config.dataDir, 'pglite')}`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seed = await seedOnStart(database.db, storage, { demo: config.seed, log: say, filesReady });
const app = await buildApp({ database, config, storage, logger: level === 'silent' ? false : { level } });
await app.listen({ port: config.port, host: config.host });

const url = `http://${config.host}:${config.port}/`;
const lines = [
  '',
  `Gazeboard is ready on ${url} (${database.kind}, ready in ${elapsed()})`,
  `  API ${url}v1.0   version ${url}meta.json   files in ${path.resolve(config.dataDir, 'storage')}`,
];
if (seed.seeded === 'admin') {
  lines.push('  Empty installation (SEED=0): sign in as admin with ADMIN_PASSWORD (default "gazeboard") and change it.');
} else if (config.seed) {
  lines.push('  Demo accounts:');
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(11)} / ${a.password}   ${a.company} — ${a.role}`);
}
console.log(`${lines.join('\n')}\n`);

// Respondents take longer than the 30 s start budget: seed them while already serving.
const abort = new AbortController();
let background: Promise<void> = Promise.resolve();
if (seed.pendingRespondents.length) {
  say(`seeding respondents for ${seed.pendingRespondents.length} demo studies in the background`);
  background = seedPendingRespondents(database.db, seed.pendingRespondents, say, abort.signal)
    .then(() => { if (!abort.signal.aborted) say(`demo respondents ready (${elapsed()} after start)`); })
    .catch((err: unknown) => say(`respondent seeding stopped: ${err instanceof Error ? err.message : String(err)} (it resumes on the next start)`));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    abort.abort();
    // Let the study being seeded finish (its marker makes the next start skip it), but not forever.
    await Promise.race([background, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await app.close();
    await database.close();
    process.exit(0);
  });
}
