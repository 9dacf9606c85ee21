// `npm run bench` — one run, every figure: it prints a Markdown summary and writes
// bench/results.json (see bench/README.md). Not a test: it measures and asserts nothing.
//
//   npm run bench                  full: respondents 2,500 → 5,000, every section
//   npm run bench -- --quick       the 5,000-respondent study only
//   npm run bench -- --only=api,bundle   some sections: ingest, reports, api, fixed, startup, bundle
//
//   BENCH_DATABASE_URL / DATABASE_URL  PostgreSQL server: a scratch database is created and dropped
//   BENCH_DB=pglite,postgres       which databases (postgres only with a URL)
//   BENCH_SCALE=0.1                multiplies respondent counts (short runs on a busy machine)
//   BENCH_SIZES=2500,5000          respondent counts (each step builds on the previous)
//   BENCH_RUNS=25                  timed repetitions per report call (median, after 5 untimed passes)
//   BENCH_API_SECONDS=10           each closed-loop requests/s measurement
//   BENCH_FIXED_SECONDS=60, BENCH_FIXED_RATE=500   the fixed-rate runs (list and a report)
//   BENCH_FIXED_WARMUP=10          seconds at that rate before each, reported apart
//   BENCH_FIXED_DB=postgres        where the fixed-rate runs happen (default PostgreSQL when set up)
//   BENCH_BATCH_SESSIONS=2000      sessions in the ingestion-vs-batched-inserts comparison
//   BENCH_IN_FLIGHT=16             sessions being ingested at once (as the route receives them)
//   BENCH_SEED_TIMEOUT=900         seconds the start-up section waits for the demo to be seeded
//   BENCH_NOTE="…"                 a line about the conditions (e.g. other jobs on the machine)
//   BENCH_OUT=tmp/r.json           write the figures there instead (a scratch run)
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir, cpus, totalmem, loadavg, platform, release } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';
import Fastify from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { fastifyLogger } from '../server/logger.js';
import { seedReference } from '../server/seed/reference.js';
import { study, participant, exposure, exposureGaze, exposureAoi, exposureFeature, participantAnswer } from '../server/db/schema/index.js';
import { getActiveConfig } from '../server/repositories/analysis-config.js';
import { insertGaze, loadStudyContext } from '../server/repositories/ingest.js';
import { ingestSession } from '../server/services/ingest.js';
import { ensureAggregates, setAggregateReads } from '../server/repositories/aggregates.js';
import { InvalidInput } from '../server/domain/errors.js';
import { simulateSession } from '../server/analytics/simulator.js';
import { load, type LoadResult } from './load.js';
import { STIMS, buildStudy, openBenchDatabase, type BenchStudy } from './fixture.js';
import { openStudy50k, STUDY50K_RESPONDENTS } from './study50k.js';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice(7);
const SECTIONS = ['ingest', 'reports', 'study50k', 'api', 'fixed', 'startup', 'bundle'] as const;
type Section = (typeof SECTIONS)[number];
const only = new Set<Section>((onlyArg ? onlyArg.split(',') : SECTIONS) as Section[]);
const scale = Number(process.env.BENCH_SCALE ?? 1);
const sizes = (process.env.BENCH_SIZES ?? (quick ? '5000' : '2500,5000')).split(',').map((s) => Math.max(1, Math.round(Number(s) * scale)));
// 25, not 5: reports answer in 5–20 ms, and on two shared cores a median of five moved by up to 2×
// between identical runs, which made the 50k ÷ 5k ratios noise (bench/RESULTS.md, 2026-11-24).
const runs = Number(process.env.BENCH_RUNS ?? 25);
const apiSeconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const fixedSeconds = Number(process.env.BENCH_FIXED_SECONDS ?? 60);
const fixedRate = Number(process.env.BENCH_FIXED_RATE ?? 500);
const fixedWarmup = Number(process.env.BENCH_FIXED_WARMUP ?? 10);
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 16);
const batchSessions = Math.max(10, Math.round(Number(process.env.BENCH_BATCH_SESSIONS ?? 2000) * scale));
const seedTimeout = Number(process.env.BENCH_SEED_TIMEOUT ?? 900);
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const fixedDbs = (process.env.BENCH_FIXED_DB ?? (pgUrl ? 'postgres' : 'pglite')).split(',');
const which = (process.env.BENCH_DB ?? 'pglite,postgres').split(',').filter((d) => d !== 'postgres' || pgUrl) as ('pglite' | 'postgres')[];
const say = (m: string) => process.stderr.write(`[bench] ${m}\n`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (x: number) => Math.round(x * 10) / 10;
const peakRssMb = () => r1(process.resourceUsage().maxRSS / 1024);

/**
 * The same rows ingestion wrote for the first n sessions (participants, exposures, packed gaze,
 * AOI and feature rows, answers), inserted again as plain multi-row INSERTs (500 rows each, one
 * transaction per 100 sessions) into a second study on the same tables, indexes and constraints:
 * the database's batched-insert rate for those rows. Gaze goes through the same insertGaze as
 * ingestion (bytea as hex text), so both sides pay the same encoding.
 */
async function batchedInsertRate(db: Db, b: BenchStudy, n: number) {
  const parts = await db.select().from(participant).where(eq(participant.studyId, b.studyId)).orderBy(participant.id).limit(n);
  const pIds = parts.map((p) => p.id);
  const exps = pIds.length ? await db.select().from(exposure).where(inArray(exposure.participantId, pIds)).orderBy(exposure.id) : [];
  const eIds = exps.map((e) => e.id);
  const gaze = eIds.length ? await db.select().from(exposureGaze).where(inArray(exposureGaze.exposureId, eIds)) : [];
  const aois = eIds.length ? await db.select().from(exposureAoi).where(inArray(exposureAoi.exposureId, eIds)) : [];
  const feats = eIds.length ? await db.select().from(exposureFeature).where(inArray(exposureFeature.exposureId, eIds)) : [];
  const answers = pIds.length ? await db.select().from(participantAnswer).where(inArray(participantAnswer.participantId, pIds)) : [];
  const [target] = await db.insert(study).values({ companyId: b.companyId, name: 'Batched-insert copy', participantsRequested: n }).returning();
  const byParticipant = new Map<number, typeof exps>();
  for (const e of exps) byParticipant.set(e.participantId, [...(byParticipant.get(e.participantId) ?? []), e]);
  const gazeBy = new Map(gaze.map((g) => [g.exposureId, g]));
  const aoiBy = new Map<number, typeof aois>();
  for (const a of aois) aoiBy.set(a.exposureId, [...(aoiBy.get(a.exposureId) ?? []), a]);
  const featBy = new Map<number, typeof feats>();
  for (const f of feats) featBy.set(f.exposureId, [...(featBy.get(f.exposureId) ?? []), f]);
  const answersBy = new Map<number, typeof answers>();
  for (const a of answers) answersBy.set(a.participantId, [...(answersBy.get(a.participantId) ?? []), a]);
  const chunk = <T>(xs: T[], k: number) => Array.from({ length: Math.ceil(xs.length / k) }, (_, i) => xs.slice(i * k, i * k + k));
  const rows = parts.length + exps.length + gaze.length + aois.length + feats.length + answers.length;
  const t = performance.now();
  for (const group of chunk(parts, 100)) {
    await db.transaction(async (tx) => {
      const newP: number[] = [];
      for (const c of chunk(group, 500)) {
        const ids = await tx.insert(participant).values(c.map(({ id: _id, ...p }) => ({ ...p, studyId: target.id }))).returning({ id: participant.id });
        newP.push(...ids.map((x) => x.id));
      }
      const pMap = new Map(group.map((p, i) => [p.id, newP[i]]));
      const groupExps = group.flatMap((p) => byParticipant.get(p.id) ?? []);
      const newE: number[] = [];
      for (const c of chunk(groupExps, 500)) {
        const ids = await tx.insert(exposure).values(c.map(({ id: _id, ...e }) => ({ ...e, studyId: target.id, participantId: pMap.get(e.participantId)! }))).returning({ id: exposure.id });
        newE.push(...ids.map((x) => x.id));
      }
      const eMap = new Map(groupExps.map((e, i) => [e.id, newE[i]]));
      const g = groupExps.flatMap((e) => (gazeBy.has(e.id) ? [{ ...gazeBy.get(e.id)!, studyId: target.id, exposureId: eMap.get(e.id)! }] : []));
      for (const c of chunk(g, 500)) await insertGaze(tx as unknown as Db, c);
      const a = groupExps.flatMap((e) => (aoiBy.get(e.id) ?? []).map(({ id: _id, ...x }) => ({ ...x, studyId: target.id, exposureId: eMap.get(e.id)! })));
      for (const c of chunk(a, 500)) await tx.insert(exposureAoi).values(c);
      const f = groupExps.flatMap((e) => (featBy.get(e.id) ?? []).map(({ id: _id, ...x }) => ({ ...x, studyId: target.id, exposureId: eMap.get(e.id)! })));
      for (const c of chunk(f, 500)) await tx.insert(exposureFeature).values(c);
      const an = group.flatMap((p) => (answersBy.get(p.id) ?? []).map(({ id: _id, ...x }) => ({ ...x, studyId: target.id, participantId: pMap.get(p.id)! })));
      for (const c of chunk(an, 500)) await tx.insert(participantAnswer).values(c);
    });
  }
  const seconds = (performance.now() - t) / 1000;
  // Untimed: the copy's report aggregates, which ingestion would have kept. Without them the first
  // report read after this (the fixed-rate run's, through the norms) rebuilt them while 500
  // requests a second queued behind it.
  await ensureAggregates(db, target.id);
  return { sessions: parts.length, rows, seconds: r1(seconds), sessionsPerSecond: Math.round(parts.length / seconds), rowsPerSecond: Math.round(rows / seconds) };
}

/**
 * Ingests simulated sessions `from`, `from + 1`, … through ingestSession until `count` are stored,
 * `parallel` at a time (the route's callers: every respondent's browser uploads on its own, and
 * sessions of a study arriving together share a transaction, services/ingest.ts). Sessions are
 * simulated untimed, 256 at a time; the time is that of storing them. The simulator now and then
 * rounds a sample past the page's dwell, which ingestion refuses as it must: those are counted and
 * replaced by the next ones.
 */
async function ingestTimed(db: Db, context: Parameters<typeof simulateSession>[0], config: Awaited<ReturnType<typeof getActiveConfig>>,
  from: number, count: number, parallel: number, progress?: (stored: number) => void) {
  let ms = 0;
  let stored = 0;
  let refused = 0;
  let samples = 0;
  let next = from;
  while (stored < count) {
    const bodies = Array.from({ length: Math.min(256, count - stored) }, () => simulateSession(context, next++));
    const t = performance.now();
    await Promise.all(Array.from({ length: parallel }, async () => {
      for (let body = bodies.shift(); body; body = bodies.shift()) {
        try {
          await ingestSession(db, body, { context, config });
        } catch (e) {
          if (!(e instanceof InvalidInput)) throw e;
          refused++;
          continue;
        }
        stored++;
        for (const st of body.steps) samples += st.gaze?.length ?? 0;
        if (stored % 500 === 0) progress?.(stored);
      }
    }));
    ms += performance.now() - t;
  }
  return { ms, stored, refused, samples, next };
}

type App = Awaited<ReturnType<typeof buildApp>>;
type Calls = [name: string, call: () => Promise<void>][];
const WARM_PASSES = 5;

/**
 * Every report of issue 21's goals on one study through app.inject, without and with a demographic
 * filter (age and gender) (`aggregate`), and the switched ones again for the per-exposure summaries
 * (`perExposure`: issue 21 item 1, both paths in one run).
 */
async function reportCalls(app: App, db: Db, b: BenchStudy): Promise<{ aggregate: Calls; perExposure: Calls }> {
  const auth = { authorization: `Token ${b.token}`, 'content-type': 'application/json' };
  const call = (url: string, payload: object) => async () => {
    const res = await app.inject({ method: 'POST', url, payload, headers: auth });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const compare = `/v1.0/studies/${b.studyId}/compare_report`;
  const first = b.refs[0];
  const kpi = `/v1.0/studies/${b.studyId}/cell/${first.cell_id}/step/${first.step_id}/stimuli/${first.stim_id}/kpi_analysis`;
  const groups = await db.execute(sql`select min(age_group_id)::int as a, max(age_group_id)::int as b, min(gender_group_id)::int as g
    from participant where study_id = ${b.studyId}`);
  const gr = (groups as unknown as { rows: { a: number; b: number; g: number }[] }).rows[0];
  const filtered = { filters: { age_group_ids: [gr.a, gr.b], genders_group_ids: [gr.g] } };
  const aggregate: Calls = [];
  for (const [suffix, f] of [['', {}], [' filtered', filtered]] as const) {
    aggregate.push([`overall_attention${suffix}`, call(`${compare}/overall_attention`, { data: b.refs, ...f })]);
    for (const g of [1, 2, 3]) aggregate.push([`graph2_data type ${g}${suffix}`, call(`${compare}/graph2_data`, { data: b.refs, graph_type_id: g, ...f })]);
    aggregate.push([`feature_attention${suffix}`, call(`${compare}/feature_attention`, { data: b.refs, ...f })]);
    aggregate.push([`kpi_analysis${suffix}`, call(kpi, f)]);
  }
  const perExposure: Calls = [
    ['overall_attention per-exposure', call(`${compare}/overall_attention`, { data: b.refs })],
    ...[1, 2, 3].map((g): Calls[number] => [`graph2_data type ${g} per-exposure`, call(`${compare}/graph2_data`, { data: b.refs, graph_type_id: g })]),
    ['kpi_analysis per-exposure', call(kpi, {})],
  ];
  return { aggregate, perExposure };
}

/**
 * Median of BENCH_RUNS latencies of each call, for one or more studies whose call lists match
 * name by name. Every call first runs WARM_PASSES times untimed: the first call of a study may
 * rebuild its aggregates, and an app instance compiles its own serializers and handlers (without
 * the passes the 50k study's new app measured V8's warm-up: 9 ms against 3 ms once warm). The
 * studies' calls then alternate, run by run, so that the ratio between two studies compares calls
 * made in the same state of this process (heap, JIT): timed one study after the other, with the
 * ingestion and fixed-rate sections in between, the 50k study's 3-4 ms medians read up to 1.4×
 * the 5k study's where PostgreSQL itself answered both in 0.1-0.5 ms (pg_stat_statements).
 * Also the process's peak RSS sampled every 20 ms during the calls (the server runs in this process).
 */
async function timeCalls(lists: Calls[], warm = true) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const medians: Record<string, number>[] = lists.map(() => ({}));
  try {
    for (let pass = 0; pass < (warm ? WARM_PASSES : 1); pass++) for (const calls of lists) for (const [, fn] of calls) await fn();
    for (const [i, [name]] of lists[0].entries()) {
      const xs: number[][] = lists.map(() => []);
      for (let r = 0; r < runs; r++) {
        for (const [j, calls] of lists.entries()) {
          const t = performance.now();
          await calls[i][1]();
          xs[j].push(performance.now() - t);
        }
      }
      for (const [j, m] of medians.entries()) m[name] = r1(median(xs[j]));
    }
  } finally {
    clearInterval(sampler);
  }
  return { medians, peakRssMb: r1(Math.max(peak, process.memoryUsage().rss) / 2 ** 20) };
}

/** The per-exposure reports: aggregate reads switched off around them. One call warms each (each takes 0.1-1.5 s). */
async function timePerExposure(calls: Calls) {
  setAggregateReads(false);
  try {
    return (await timeCalls([calls], false)).medians[0];
  } finally {
    setAggregateReads(true);
  }
}

/** The 50,000-respondent study (bench/study50k.ts), opened from its cache (built on first use) with an app of its own. */
async function open50k(kind: 'pglite' | 'postgres') {
  say(`${kind}: 50k study — opening (built and cached on first use)`);
  const s = await openStudy50k(kind, pgUrl, say, Math.max(1, Math.round(STUDY50K_RESPONDENTS * scale)));
  try {
    const app = await buildApp({ database: s.database, config: { ...loadConfig({}), seed: false, dataDir: '' }, logger: fastifyLogger({ level: 'info', write: () => {} }) });
    const [n] = (await s.database.db.execute(sql`select count(*)::int as p, (select count(*)::int from exposure where study_id = ${s.study.studyId}) as e
      from participant where study_id = ${s.study.studyId}`) as unknown as { rows: { p: number; e: number }[] }).rows;
    const { aggregate } = await reportCalls(app, s.database.db, s.study);
    return {
      calls: aggregate,
      summary: { respondents: n.p, exposures: n.e, createdThisRun: s.created, openSeconds: s.seconds },
      close: async () => { await app.close(); await s.cleanup(); },
    };
  } catch (e) {
    await s.cleanup();
    throw e;
  }
}

/** The 50k figures: its medians, the ratio to the 5k study's when timed with it, and the peak RSS. */
function study50kResult(kind: string, summary: object, reports: Record<string, number>, peak: number, fiveK?: Record<string, number>) {
  const ratio: Record<string, number> = {};
  for (const [k, v] of Object.entries(reports)) if (fiveK?.[k]) ratio[k] = Math.round((100 * v) / fiveK[k]) / 100;
  const out = { ...summary, reportMedianMs: reports, ratioTo5k: fiveK ? ratio : null, timedWith5k: Boolean(fiveK), serverPeakRssMbDuringReports: peak };
  say(`${kind}: 50k ${JSON.stringify(out)}`);
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function listen(app: { listen(o: { port: number; host: string }): Promise<string> }) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function oneDatabase(kind: 'pglite' | 'postgres') {
  const { database, cleanup } = await openBenchDatabase(kind, pgUrl);
  const out: Record<string, unknown> = { database: kind };
  try {
    const db = database.db;
    await seedReference(db);
    const b = await buildStudy(db);
    // As npm start runs it: the logger at the default level (to a sink), so per-request costs count.
    const app = await buildApp({ database, config: { ...loadConfig({}), seed: false, dataDir: '' }, logger: fastifyLogger({ level: 'info', write: () => {} }) });
    const base = await listen(app);
    const auth = { authorization: `Token ${b.token}`, 'content-type': 'application/json' };

    // ---- API path: the study list (25 rows) against a bare fastify JSON route, same run -----------
    if (only.has('api')) {
      const bare = Fastify();
      bare.get('/bare', async () => ({ hello: 'world' }));
      const bareBase = await listen(bare);
      const list = { url: `${base}/v1.0/studies`, method: 'POST', headers: auth, body: JSON.stringify({ results_per_page: 25, page_num: 1 }) };
      const check = await fetch(list.url, { method: 'POST', headers: auth, body: list.body });
      const rows = ((await check.json()) as { data?: unknown[] }).data?.length ?? 0;
      say(`${kind}: api — bare route, then POST /v1.0/studies (${rows} rows), ${apiSeconds} s each`);
      await load({ url: `${bareBase}/bare`, seconds: 1, connections: 10 });
      const bareResult = await load({ url: `${bareBase}/bare`, seconds: apiSeconds, connections: 10 });
      await load({ ...list, seconds: 1, connections: 10 });
      const listResult = await load({ ...list, seconds: apiSeconds, connections: 10 });
      await bare.close();
      out.api = {
        listRows: rows, bare: bareResult, list: listResult,
        listPercentOfBare: r1((100 * listResult.rps) / Math.max(1, bareResult.rps)),
      };
      say(`${kind}: bare ${bareResult.rps} req/s, list ${listResult.rps} req/s (${(out.api as { listPercentOfBare: number }).listPercentOfBare} %)`);
    }

    // ---- ingestion and reports, respondents growing -------------------------------------------------
    const context = (await loadStudyContext(db, b.studyId))!;
    const config = await getActiveConfig(db);
    let done = 0;
    let samples = 0;
    let nextSession = 0;
    let invalid = 0;
    const steps: Record<string, unknown>[] = [];
    const needData = only.has('ingest') || only.has('reports') || only.has('fixed');
    for (const size of needData ? sizes : []) {
      const from = done;
      const run = await ingestTimed(db, context, config, nextSession, size - done, inFlight, (n) => say(`${kind}: ${from + n}/${size} respondents`));
      nextSession = run.next;
      invalid += run.refused;
      done += run.stored;
      const ingestMs = run.ms;
      const stepSamples = run.samples;
      samples += stepSamples;
      const row: Record<string, unknown> = {
        respondents: done, exposures: done * STIMS.length, gazeSamples: samples,
        ingest: {
          seconds: r1(ingestMs / 1000), sessionsInFlight: inFlight, sessionsPerSecond: Math.round((done - from) / (ingestMs / 1000)),
          samplesPerSecond: Math.round(stepSamples / (ingestMs / 1000)),
        },
      };
      if (only.has('reports')) {
        const calls = await reportCalls(app, db, b);
        // At the last size the 50k study is timed with this one, call by call (timeCalls says why).
        const k50 = size === sizes.at(-1) && only.has('study50k')
          ? await open50k(kind).catch((e: Error) => { out.study50k = { error: e.stack?.slice(0, 800) ?? String(e) }; return undefined; })
          : undefined;
        try {
          const { medians, peakRssMb: peak } = await timeCalls(k50 ? [calls.aggregate, k50.calls] : [calls.aggregate]);
          if (k50) out.study50k = study50kResult(kind, k50.summary, medians[1], peak, medians[0]);
          row.reportMedianMs = { ...medians[0], ...(await timePerExposure(calls.perExposure)) };
          row.serverPeakRssMbDuringReports = peak;
          row.peakRssMbAfterReports = peakRssMb();
        } finally {
          await k50?.close();
        }
      }
      const sizeRow = await db.execute(sql`select (pg_database_size(current_database()) / 1048576.0)::float8 as mb`);
      row.databaseMb = Math.round(Number((sizeRow as unknown as { rows: { mb: number }[] }).rows[0].mb));
      steps.push(row);
      say(`${kind}: ${JSON.stringify(row)}`);
    }
    if (steps.length) out.sizes = steps;

    if (only.has('ingest') && done > 0) {
      const n = Math.min(batchSessions, done);
      // Ingestion of n further sessions through ingestSession, as the route receives them (inFlight
      // at once) and one at a time, against the same rows batched.
      const concurrent = await ingestTimed(db, context, config, nextSession, n, inFlight);
      const single = await ingestTimed(db, context, config, concurrent.next, n, 1);
      nextSession = single.next;
      invalid += concurrent.refused + single.refused;
      done += 2 * n;
      const batched = await batchedInsertRate(db, b, n);
      const ingestRate = Math.round(n / (concurrent.ms / 1000));
      const singleRate = Math.round(n / (single.ms / 1000));
      out.ingestVsBatched = {
        sessions: n, sessionsInFlight: inFlight, ingestSessionsPerSecond: ingestRate, oneInFlightSessionsPerSecond: singleRate,
        batched, simulatedSessionsRefused: invalid,
        ingestPercentOfBatched: r1((100 * ingestRate) / Math.max(1, batched.sessionsPerSecond)),
        oneInFlightPercentOfBatched: r1((100 * singleRate) / Math.max(1, batched.sessionsPerSecond)),
      };
      say(`${kind}: ingestion ${ingestRate} sessions/s (${inFlight} in flight), ${singleRate} (one at a time) vs batched inserts ${batched.sessionsPerSecond} sessions/s`);
    }

    // ---- fixed rate: the list and a report at BENCH_FIXED_RATE req/s -------------------------------
    if (only.has('fixed') && fixedDbs.includes(kind)) {
      const fixed: Record<string, LoadResult> = {};
      // Untimed: the sessions just stored (ingestion, then the batched copy) leave autovacuum and a
      // checkpoint to run, which on two cores took one of them for most of the minute (2026-11-24
      // 07:26: 5,051 list starts skipped, where a run on a settled database skipped none).
      if (kind === 'postgres') {
        await db.execute(sql`vacuum analyze`);
        await db.execute(sql`checkpoint`);
      }
      // The first seconds from a cold start queue (new database and client connections, code not
      // yet optimised): the warm-up measures them, apart.
      const atRate = { seconds: fixedSeconds, rate: fixedRate, maxInFlight: 256, warmupSeconds: fixedWarmup };
      const list = { url: `${base}/v1.0/studies`, method: 'POST', headers: auth, body: JSON.stringify({ results_per_page: 25 }) };
      say(`${kind}: fixed rate ${fixedRate} req/s for ${fixedSeconds} s: list`);
      fixed.list = await load({ ...list, ...atRate });
      if (done > 0) {
        const report = { url: `${base}/v1.0/studies/${b.studyId}/compare_report/overall_attention`, method: 'POST', headers: auth, body: JSON.stringify({ data: b.refs.slice(0, 1) }) };
        say(`${kind}: fixed rate ${fixedRate} req/s for ${fixedSeconds} s: overall_attention (one stim, ${done} respondents)`);
        fixed.overall_attention_one_stim = await load({ ...report, ...atRate });
      }
      out.fixedRate = { rate: fixedRate, seconds: fixedSeconds, warmupSeconds: fixedWarmup, respondents: done, ...fixed };
    }
    await app.close();
    out.peakRssMb = peakRssMb();
  } finally {
    await cleanup();
  }
  return out;
}

/** npm start's server on a fresh data dir: time to the first answer and until the demo is seeded. */
async function startup(kind: 'pglite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'gazeboard-bench-start-'));
  // An empty scratch database (migrated by this process, which the server's start then finds done).
  const db = kind === 'postgres' ? await openBenchDatabase('postgres', pgUrl, 'gazeboard_benchstart') : null;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, SEED: '1', LOG_LEVEL: 'info' };
  if (db) env.DATABASE_URL = db.url!;
  else delete env.DATABASE_URL;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => { log += d; });
  child.stderr!.on('data', (d) => { log += d; });
  const result: Record<string, unknown> = { database: kind };
  try {
    for (const until = performance.now() + seedTimeout * 1000; ;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${log.slice(-500)}`);
      if (performance.now() > until) throw new Error(`no answer within ${seedTimeout} s: ${log.slice(-500)}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/meta.json`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 100));
    }
    result.firstAnswerSeconds = r1((performance.now() - t0) / 1000);
    say(`startup ${kind}: first answer after ${result.firstAnswerSeconds} s`);
    const deadline = performance.now() + seedTimeout * 1000;
    while (!/demo respondents ready/.test(log) && performance.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 500));
    result.seededSeconds = /demo respondents ready/.test(log) ? r1((performance.now() - t0) / 1000) : null;
    if (result.seededSeconds === null) result.note = `not seeded within BENCH_SEED_TIMEOUT=${seedTimeout} s`;
    if (child.exitCode !== null) result.note = `server exited with ${child.exitCode}: ${log.slice(-400)}`;
    const status = existsSync(`/proc/${child.pid}/status`) ? readFileSync(`/proc/${child.pid}/status`, 'utf8') : '';
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    result.serverPeakRssMb = hwm ? r1(Number(hwm[1]) / 1024) : null;
    say(`startup ${kind}: seeded after ${result.seededSeconds ?? '—'} s, server peak RSS ${result.serverPeakRssMb} MB`);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

function bundleSizes() {
  const out: Record<string, unknown> = {};
  for (const [name, dir] of [['dashboard', 'dist/app'], ['sdk', 'dist/sdk']] as const) {
    const full = path.join(root, dir);
    if (!existsSync(full)) { out[name] = 'not built (npm run build)'; continue; }
    const files: { file: string; bytes: number; gzip: number; brotli: number }[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = path.join(d, f);
        if (statSync(p).isDirectory()) { if (f !== 'types') walk(p); continue; }
        if (!/\.(js|css|html)$/.test(f)) continue;
        const bytes = readFileSync(p);
        files.push({
          file: path.relative(full, p), bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length,
          brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length,
        });
      }
    };
    walk(full);
    files.sort((a, b) => b.bytes - a.bytes);
    const sum = (k: 'bytes' | 'gzip' | 'brotli') => files.reduce((s, f) => s + f[k], 0);
    out[name] = { total: { bytes: sum('bytes'), gzip: sum('gzip'), brotli: sum('brotli') }, files, builtAt: statSync(full).mtime.toISOString() };
  }
  return out;
}

const started = new Date();
const load0 = loadavg();
const results: Record<string, unknown> = {
  startedAt: started.toISOString(),
  mode: quick ? 'quick' : 'full',
  sections: [...only],
  machine: {
    cpus: cpus().length, cpu: cpus()[0]?.model ?? 'CPU', memoryGb: r1(totalmem() / 2 ** 30), node: process.version, os: `${platform()} ${release()}`,
    loadAverageAtStart: load0.map(r1),
  },
  note: process.env.BENCH_NOTE ?? null,
  settings: { sizes, runs, apiSeconds, fixedSeconds, fixedRate, fixedWarmup, batchSessions, inFlight, scale, databases: which },
};
// Written after every section, so a run stopped half-way keeps what it measured.
const outPath = path.resolve(process.env.BENCH_OUT ?? path.join(root, 'bench/results.json'));
const save = () => writeFileSync(outPath, `${JSON.stringify(results, null, 2)}\n`);
const perDb: Record<string, unknown>[] = [];
results.databases = perDb;
for (const kind of which) {
  const entry: Record<string, unknown> = ['ingest', 'reports', 'api', 'fixed'].some((s) => only.has(s as Section)) ? await oneDatabase(kind) : { database: kind };
  perDb.push(entry);
  save();
  if (only.has('study50k') && !entry.study50k) {
    // Without the reports section: the 50k study alone, no ratio.
    entry.study50k = await (async () => {
      const k50 = await open50k(kind);
      try {
        const { medians, peakRssMb: peak } = await timeCalls([k50.calls]);
        return study50kResult(kind, k50.summary, medians[0], peak);
      } finally {
        await k50.close();
      }
    })().catch((e: Error) => ({ error: e.stack?.slice(0, 800) ?? String(e) }));
    save();
  }
}
if (only.has('startup')) {
  const s: Record<string, unknown>[] = [];
  results.startup = s;
  for (const kind of which) {
    s.push(await startup(kind).catch((e: Error) => ({ database: kind, error: e.message.slice(0, 600) })));
    save();
  }
}
if (only.has('bundle')) results.bundles = bundleSizes();
(results.machine as Record<string, unknown>).loadAverageAtEnd = loadavg().map(r1);
results.seconds = Math.round((Date.now() - started.getTime()) / 1000);
save();

// ---- Markdown summary (paste into RESULTS.md with a line on the conditions) ----------------------
const md: string[] = [`## Run of ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (${quick ? '--quick' : 'full'})`, ''];
const m = results.machine as Record<string, unknown>;
md.push(`Machine: ${m.cpus} × ${m.cpu}, ${m.memoryGb} GB RAM, Node ${m.node}, ${m.os}; load average ${(m.loadAverageAtStart as number[]).join(' / ')} at start, ${(m.loadAverageAtEnd as number[]).join(' / ')} at end.`);
if (results.note) md.push(`Conditions: ${results.note}`);
md.push('');
for (const d of perDb) {
  md.push(`### ${d.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, '');
  const api = d.api as { bare: LoadResult; list: LoadResult; listPercentOfBare: number; listRows: number } | undefined;
  if (api) md.push(`- API path: bare fastify JSON route ${api.bare.rps} req/s; \`POST /v1.0/studies\` (${api.listRows} rows) ${api.list.rps} req/s (p50 ${api.list.latencyMs.p50} ms, p99 ${api.list.latencyMs.p99} ms) = **${api.listPercentOfBare} %** of bare`);
  const ivb = d.ingestVsBatched as {
    sessions: number; sessionsInFlight: number; ingestSessionsPerSecond: number; oneInFlightSessionsPerSecond: number;
    batched: { sessionsPerSecond: number }; ingestPercentOfBatched: number; oneInFlightPercentOfBatched: number;
  } | undefined;
  if (ivb) {
    md.push(`- Ingestion ${ivb.ingestSessionsPerSecond} sessions/s (${ivb.sessionsInFlight} in flight) vs batched inserts of the same rows `
      + `${ivb.batched.sessionsPerSecond} sessions/s (${ivb.sessions} sessions) = **${ivb.ingestPercentOfBatched} %**; one at a time `
      + `${ivb.oneInFlightSessionsPerSecond} sessions/s = ${ivb.oneInFlightPercentOfBatched} %`);
  }
  const fr = d.fixedRate as Record<string, LoadResult | number> | undefined;
  if (fr) {
    for (const [k, v] of Object.entries(fr)) {
      if (typeof v !== 'object') continue;
      const w = v.warmup;
      md.push(`- Fixed rate ${fr.rate} req/s × ${fr.seconds} s, ${k}: ${v.ok} ok, ${v.non2xx} non-2xx, ${v.errors} errors, ${v.skipped ?? 0} skipped${v.skipped ? ` (${v.skippedFromS}–${v.skippedToS} s into the run)` : ''}; latency p50 ${v.latencyMs.p50} / p99 ${v.latencyMs.p99} / max ${v.latencyMs.max} ms`
        + (w ? `; before it, ${fr.warmupSeconds} s of warm-up: ${w.ok} ok, ${w.non2xx + w.errors} failed, ${w.skipped ?? 0} skipped, p99 ${w.latencyMs.p99} ms` : ''));
    }
  }
  const sz = d.sizes as Record<string, unknown>[] | undefined;
  if (sz?.length) {
    const reportKeys = Object.keys((sz[0].reportMedianMs as Record<string, number>) ?? {});
    const row = (cells: unknown[]) => `| ${cells.join(' | ')} |`;
    md.push('', row(['respondents', 'ingest sessions/s', 'samples/s', ...reportKeys.map((k) => `${k} ms`), 'db MB']),
      row(Array.from({ length: reportKeys.length + 4 }, () => '---:')));
    for (const s of sz) {
      const ing = s.ingest as { sessionsPerSecond: number; samplesPerSecond: number };
      const rep = (s.reportMedianMs ?? {}) as Record<string, number>;
      md.push(row([Number(s.respondents).toLocaleString('en-GB'), ing.sessionsPerSecond, ing.samplesPerSecond.toLocaleString('en-GB'), ...reportKeys.map((k) => rep[k]), s.databaseMb]));
    }
  }
  const k50 = d.study50k as { respondents: number; exposures: number; createdThisRun: boolean; openSeconds: number; reportMedianMs: Record<string, number>; ratioTo5k: Record<string, number> | null; timedWith5k: boolean; serverPeakRssMbDuringReports: number; error?: string } | undefined;
  if (k50?.error) md.push('', `50,000-respondent study: failed — ${k50.error.split('\n')[0]}`);
  else if (k50) {
    const keys = Object.keys(k50.reportMedianMs);
    md.push('', `50,000-respondent study (${k50.respondents.toLocaleString('en-GB')} respondents, ${k50.exposures.toLocaleString('en-GB')} exposures; ${k50.createdThisRun ? 'built and cached in this run' : 'from the cache'}, ${k50.openSeconds} s), median ms${k50.timedWith5k ? ` and ratio to the ${Number((sz?.at(-1) ?? {}).respondents ?? 0).toLocaleString('en-GB')} study, timed call by call with it` : ''}; server peak RSS during the calls ${k50.serverPeakRssMbDuringReports} MB:`, '',
      '| report | 50k ms | 50k ÷ 5k |', '|---|---:|---:|',
      ...keys.map((k) => `| ${k} | ${k50.reportMedianMs[k]} | ${k50.ratioTo5k?.[k] ?? '—'} |`));
  }
  md.push('', `Peak RSS of the bench process (server in-process): ${d.peakRssMb ?? '—'} MB`, '');
}
for (const s of (results.startup as Record<string, unknown>[] | undefined) ?? []) {
  md.push(`- Start-up (${s.database}, fresh, demo): first answer ${s.firstAnswerSeconds} s, seeded ${s.seededSeconds ?? '—'} s, server peak RSS ${s.serverPeakRssMb} MB`);
}
const bundles = results.bundles as Record<string, { total: { bytes: number; gzip: number; brotli: number } } | string> | undefined;
for (const [k, v] of Object.entries(bundles ?? {})) {
  md.push(typeof v === 'string' ? `- Bundle ${k}: ${v}` : `- Bundle ${k}: ${v.total.bytes.toLocaleString('en-GB')} bytes, gzip ${v.total.gzip.toLocaleString('en-GB')}, brotli ${v.total.brotli.toLocaleString('en-GB')}`);
}
md.push('', `Written to ${path.relative(root, outPath)} in ${results.seconds} s.`);
console.log(md.join('\n'));
