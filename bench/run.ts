// `npm run bench`: ingestion rate and report latency for one study of N respondents × 10 stims,
// on PGlite (a temporary data dir) and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL), with
// the respondent count doubling (2,500 → 5,000 → 10,000 by default). Not a test: it prints a
// Markdown report (copy it into bench/RESULTS.md) and asserts nothing.
//
//   BENCH_SIZES=2500,5000,10000   respondent counts measured (each builds on the previous)
//   BENCH_SCALE=0.1               multiplies every size (quick runs)
//   BENCH_DB=pglite,postgres      which databases (postgres only when a URL is set)
//   BENCH_RUNS=5                  timed repetitions per report call (after one warm-up)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../server/db/client.js';
import { openScratchPostgres } from '../server/db/scratch.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { seedReference } from '../server/seed/reference.js';
import { company, appUser, study, cell, step, stim, aoi } from '../server/db/schema/index.js';
import { issueToken } from '../server/repositories/tokens.js';
import { getActiveConfig } from '../server/repositories/analysis-config.js';
import { loadStudyContext } from '../server/repositories/ingest.js';
import { ingestSession } from '../server/services/ingest.js';
import { simulateSession } from '../server/analytics/simulator.js';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const sizes = (process.env.BENCH_SIZES ?? '2500,5000,10000').split(',').map((s) => Math.max(1, Math.round(Number(s) * scale)));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const which = (process.env.BENCH_DB ?? 'pglite,postgres').split(',').filter((d) => d !== 'postgres' || pgUrl);

/** The ten stims: the common display sizes, a billboard (30 % rule) and two videos (2 s rule). */
const STIMS: [name: string, type: string, w: number, h: number][] = [
  ['MPU', 'i', 300, 250], ['Leaderboard', 'i', 728, 90], ['Skyscraper', 'i', 160, 600], ['Billboard', 'i', 970, 250],
  ['Half page', 'i', 300, 600], ['Mobile banner', 'i', 320, 50], ['Social feed', 'i', 500, 500], ['Large MPU', 'i', 336, 280],
  ['Pre-roll', 'v', 640, 360], ['Outstream', 'v', 640, 360],
];

async function open(kind: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'gazeboard-bench-'));
    const database = await openDatabase({ dataDir: dir });
    return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const database = await openScratchPostgres(pgUrl!, 'gazeboard_bench');
  return { database, cleanup: () => database.close() };
}

async function buildStudy(db: Db) {
  const [co] = await db.insert(company).values({ name: 'Bench Co', internalId: `bench-${randomBytes(3).toString('hex')}` }).returning();
  const [user] = await db.insert(appUser).values({ companyId: co.id, username: `bench-${co.id}`, passwordHash: 'x', userTypeId: 1 }).returning();
  const [s] = await db.insert(study).values({
    companyId: co.id, name: 'Benchmark study', participantsRequested: 10_000, completed: true, phaseId: 5, environmentId: 1,
  }).returning();
  const [c] = await db.insert(cell).values({ studyId: s.id, name: 'Cell 1', shortName: 'C1' }).returning();
  const stims = await db.insert(stim).values(STIMS.map(([name, stimType, width, height]) => ({
    companyId: co.id, studyId: s.id, name, stimType, width, height, durationMs: stimType === 'v' ? 10_000 : null,
  }))).returning();
  await db.insert(aoi).values(stims.flatMap((x) => [
    { stimId: x.id, tag: 'logo', x: 0, y: 0, width: (x.width ?? 300) / 2, height: (x.height ?? 250) / 2 },
    { stimId: x.id, tag: 'cta', x: (x.width ?? 300) / 2, y: (x.height ?? 250) / 2, width: (x.width ?? 300) / 2, height: (x.height ?? 250) / 2 },
  ]));
  const steps = await db.insert(step).values(stims.map((x, i) => ({ studyId: s.id, cellId: c.id, position: i, stepType: 'stim', stimId: x.id }))).returning();
  const token = await issueToken(db, user.id, 24);
  return { studyId: s.id, cellId: c.id, refs: steps.map((st) => ({ cell_id: c.id, step_id: st.id, stim_id: st.stimId! })), token };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function one(kind: string) {
  const { database, cleanup } = await open(kind);
  const out: string[] = [];
  try {
    const db = database.db;
    await seedReference(db);
    const b = await buildStudy(db);
    const app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: '' } });
    await app.ready();
    const context = (await loadStudyContext(db, b.studyId))!;
    const config = await getActiveConfig(db);
    out.push(`### ${kind === 'pglite' ? 'PGlite (data dir on local disk)' : 'PostgreSQL 15 (local)'}`, '',
      '| respondents | exposures | gaze samples | ingest s (this step) | samples/s | sessions/s | overall_attention ms (median) | graph2_data ms (median, 3 graph types) | db size MB |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    let done = 0;
    let samples = 0;
    for (const size of sizes) {
      let ingestMs = 0;
      let stepSamples = 0;
      const from = done;
      while (done < size) {
        const body = simulateSession(context, done);
        for (const st of body.steps) stepSamples += st.gaze?.length ?? 0;
        const t = performance.now();
        await ingestSession(db, body, { context, config });
        ingestMs += performance.now() - t;
        done++;
        if (done % 500 === 0) process.stderr.write(`${kind}: ${done}/${size} respondents\n`);
      }
      samples += stepSamples;
      const call = async (url: string, payload: object) => {
        const res = await app.inject({ method: 'POST', url, payload, headers: { authorization: `Token ${b.token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      };
      const time = async (fn: () => Promise<void>) => {
        await fn();
        const xs: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await fn();
          xs.push(performance.now() - t);
        }
        return median(xs);
      };
      const overall = await time(() => call(`/v1.0/studies/${b.studyId}/compare_report/overall_attention`, { data: b.refs }));
      const graphs: number[] = [];
      for (const graph_type_id of [1, 2, 3]) {
        graphs.push(await time(() => call(`/v1.0/studies/${b.studyId}/compare_report/graph2_data`, { data: b.refs, graph_type_id })));
      }
      const sizeRow = await db.execute(sql`select (pg_database_size(current_database()) / 1048576.0)::float8 as mb`);
      const mb = Number((sizeRow as unknown as { rows: { mb: number }[] }).rows[0].mb);
      const exposures = done * STIMS.length;
      out.push(`| ${done.toLocaleString('en-GB')} | ${exposures.toLocaleString('en-GB')} | ${samples.toLocaleString('en-GB')} | ` +
        `${(ingestMs / 1000).toFixed(1)} | ${Math.round(stepSamples / (ingestMs / 1000)).toLocaleString('en-GB')} | ` +
        `${((done - from) / (ingestMs / 1000)).toFixed(0)} | ${overall.toFixed(1)} | ${graphs.map((g) => g.toFixed(1)).join(' / ')} | ${mb.toFixed(0)} |`);
      process.stderr.write(`${out[out.length - 1]}\n`);
    }
    await app.close();
  } finally {
    await cleanup();
  }
  return out.join('\n');
}

const started = new Date();
const sections: string[] = [];
for (const kind of which) sections.push(await one(kind));
console.log([
  `## Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}, ${process.platform}.`,
  `Sizes: ${sizes.join(' → ')} respondents × ${STIMS.length} stims (one cell, ten stim steps); report calls timed ${runs}× after a warm-up, median shown.`,
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n'));
