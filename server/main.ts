// Starts the server: open (and migrate) the database, seed reference data and — into an empty
// database — the demo, start the job queue, listen, then queue the demo respondents as a
// background job (resumable; its progress is at GET /v1.0/jobs/{id}).
import path from 'node:path';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { readBackupRequest, writeBackup } from './db/data-dir.js';
import { buildApp } from './app.js';
import { buildFilesOriginApp } from './files-origin.js';
import { createStorage } from './storage/index.js';
import { DEMO_ACCOUNTS, enqueueRespondentSeeding, prepareDemoFilesInBackground, seedOnStart } from './seed/index.js';
import { JobQueue, jobKinds } from './jobs/index.js';
import { HOUSEKEEPING_KEY, housekeepingJob } from './jobs/housekeeping.js';
import { retentionJob, retentionKey } from './jobs/retention.js';
import { providerCompanyId } from './repositories/users.js';
import { fastifyLogger, logOptionsFromEnv, startupLogger } from './logger.js';

const started = Date.now();
// The whole configuration is read before anything starts: a bad value stops the start with one
// line naming the variable (no stack trace, exit status 1), e.g.
// `gazeboard: configuration error: PORT: "80a" is not a whole number from 0 to 65535`.
let config: Config;
let logOptions: ReturnType<typeof logOptionsFromEnv>;
try {
  // LOG_LEVEL and LOG_FORMAT (pretty | json): see server/logger.ts and docs/operations.md.
  logOptions = logOptionsFromEnv();
  config = loadConfig();
} catch (err) {
  process.stderr.write(`gazeboard: configuration error: ${(err as Error).message}\n`);
  process.exit(1);
}
const say = startupLogger(logOptions);
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const storage = createStorage(config);
// Demo creatives are drawn on the second core while the database opens and migrates.
const filesReady = config.seed ? prepareDemoFilesInBackground(storage, say) : undefined;
say(config.databaseUrl ? 'opening PostgreSQL (DATABASE_URL)' : `opening PGlite in ${path.resolve(config.dataDir, 'pglite')}`);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const seed = await seedOnStart(database.db, storage, { demo: config.seed, log: say, filesReady });
// One process owns a PGlite data dir, so a job still 'active' there was left by a killed server:
// retry it now. A shared PostgreSQL may have other servers working; their jobs expire instead.
const jobs = await JobQueue.start(database, { kinds: jobKinds, log: say, storage, urlSecret: config.urlSecret, recoverActive: database.kind === 'pglite' });
const app = await buildApp({ database, config, storage, jobs, logger: fastifyLogger(logOptions) });
await app.listen({ port: config.port, host: config.host });
// The files origin: previews of third-party markup, on their own port (FILES_PORT, default PORT + 1).
const filesApp = config.filesPort ? await buildFilesOriginApp(app, { logger: fastifyLogger(logOptions) }) : null;
if (filesApp) {
  try {
    await filesApp.listen({ port: config.filesPort!, host: config.host });
  } catch (err) {
    say(`files origin not started on port ${config.filesPort} (${(err as Error).message}): script and VAST previews are off`);
  }
}

const url = `http://${config.host}:${config.port}/`;
const lines = [
  '',
  `Gazeboard is ready on ${url} (${database.kind}, ready in ${elapsed()})`,
  `  API ${url}v1.0   version ${url}meta.json   files in ${config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix ?? ''}` : path.resolve(config.dataDir, 'storage')}`,
  `  previews of third-party markup on ${config.filesOrigin}`,
];
if (seed.seeded === 'admin') {
  lines.push('  Empty installation (SEED=0): sign in as admin with ADMIN_PASSWORD (default "gazeboard") and change it.');
} else if (config.seed) {
  lines.push('  Demo accounts:');
  for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(11)} / ${a.password}   ${a.company} — ${a.role}`);
}
// A person starting the server reads one block; a log shipper gets one line per fact.
if (logOptions.format === 'pretty' && logOptions.level !== 'silent' && ['trace', 'debug', 'info'].includes(logOptions.level)) {
  process.stdout.write(`${lines.join('\n')}\n\n`);
} else {
  for (const line of lines) if (line.trim()) say(line.trim());
}

// Respondents take longer than the 30 s start budget: a job seeds them while already serving.
if (seed.pendingRespondents.length) {
  const job = await enqueueRespondentSeeding(database.db, jobs);
  if (job) {
    say(`seeding respondents for ${job.studies} demo studies in the background: job ${job.id} ` +
      `(progress: GET ${url}v1.0/jobs/${job.id} signed in as admin)`);
  }
}

// Old tokens and sign-in failures: one housekeeping job per start (keyed, so several servers
// starting together share one); whichever server's worker takes it runs it, once.
const owner = await providerCompanyId(database.db);
if (owner !== null) await jobs.enqueue(housekeepingJob, {}, { companyId: owner, key: HOUSEKEEPING_KEY });
// The companies' retention periods (issue 41): today's run, which queues tomorrow's (jobs/retention.ts).
if (owner !== null) await jobs.enqueue(retentionJob, { daily: true }, { companyId: owner, key: retentionKey(new Date()) });

// `npm run backup` while this server runs: it leaves a request in DATA_DIR and sends SIGUSR2; the
// backup is taken here, by the process that holds the database (server/db/data-dir.ts).
if (database.dump) {
  const dump = database.dump;
  let backingUp = Promise.resolve();
  process.on('SIGUSR2', () => {
    backingUp = backingUp.then(async () => {
      const out = await readBackupRequest(config.dataDir);
      if (!out) return;
      say(`backup requested: writing ${out}`);
      try {
        await writeBackup(dump, config.dataDir, out, true);
        say(`backup written: ${out}`);
      } catch (err) {
        say(`backup failed: ${(err as Error).message}`);
      }
    });
  });
}

// SIGTERM / SIGINT (docs/operations.md "Probes and stopping"): stop accepting connections (GET
// /readyz answers 503 on open keep-alive connections from then on), let in-flight requests finish
// and the running job finish or reach its next safe point, all within SHUTDOWN_TIMEOUT_MS; then
// close the database (and release DATA_DIR's lock). Past the timeout the remaining connections are
// cut, jobs still running are failed (retried on the next start) and the exit code is 1.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping (in-flight requests and the running job get up to ${config.shutdownTimeoutMs / 1000} s)`);
    let forced = false;
    const deadline = setTimeout(() => {
      forced = true;
      say('shutdown timeout: closing the connections still open');
      app.server.closeAllConnections();
      filesApp?.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await Promise.all([
      app.close(),
      filesApp?.close(),
      jobs.stop({ timeoutMs: config.shutdownTimeoutMs }).catch((err: Error) => say(`jobs: ${err.message}`)),
    ]);
    clearTimeout(deadline);
    await database.close();
    say(forced ? 'stopped (shutdown timeout)' : 'stopped');
    process.exit(forced ? 1 : 0);
  });
}
