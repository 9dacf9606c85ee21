// The 50,000-respondent study of the benchmark (issue 21 item 2): report latency at 10× the
// ingested study, without ingesting 50,000 sessions (≈ 80 M gaze samples).
//
// How it is made (bench/README.md "The 50,000-respondent study"):
//  1. the benchmark study (10 stims, 2 AOIs each) and SEED_SESSIONS simulated sessions stored
//     through ingestSession — real summaries, AOI and feature rows, aggregates;
//  2. 50,000 − SEED_SESSIONS synthetic respondents loaded directly in SQL: respondent g copies the
//     per-exposure summaries (exposure, exposure_aoi, exposure_feature; no packed gaze — no report
//     reads it) of seed respondent g mod SEED_SESSIONS, and takes its demographics from another seed
//     respondent ((g × 7919) mod SEED_SESSIONS), so filtered reports select a mix;
//  3. the report aggregates rebuilt from those rows (as a stale read would).
// Cached between runs under bench/.data/ (gitignored): PGlite's data directory as it is, or a
// pg_dump (custom format) restored into the PostgreSQL database. The cache key is the migrations
// and this file: a schema change (another aggregate table) makes a new one.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../server/db/client.js';
import { openScratchPostgres } from '../server/db/scratch.js';
import { seedReference } from '../server/seed/reference.js';
import { getActiveConfig } from '../server/repositories/analysis-config.js';
import { loadStudyContext } from '../server/repositories/ingest.js';
import { issueToken } from '../server/repositories/tokens.js';
import { ingestSession } from '../server/services/ingest.js';
import { rebuildStudyAggregates } from '../server/repositories/aggregates.js';
import { simulateSession } from '../server/analytics/simulator.js';
import { InvalidInput } from '../server/domain/errors.js';
import { buildStudy, resetPostgres, type BenchStudy } from './fixture.js';

export const STUDY50K_RESPONDENTS = 50_000;
const SEED_SESSIONS = 1_000;
const CHUNK = 5_000;

const root = fileURLToPath(new URL('../', import.meta.url));
const cacheRoot = path.join(root, 'bench/.data');

function cacheKey(respondents: number): string {
  const h = createHash('sha256');
  const migrations = path.join(root, 'server/db/migrations');
  for (const f of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql')) h.update(f).update(readFileSync(path.join(migrations, f)));
  }
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  return `study${respondents}-${h.digest('hex').slice(0, 12)}`;
}

const exec = async (db: Db, q: ReturnType<typeof sql>) => db.execute(q);

/** Steps 1–3 of the file comment, into an empty, migrated database. */
async function create(db: Db, respondents: number, say: (m: string) => void): Promise<BenchStudy> {
  await seedReference(db);
  const b = await buildStudy(db, `Benchmark study, ${respondents.toLocaleString('en-GB')} respondents (synthetic)`);
  const context = (await loadStudyContext(db, b.studyId))!;
  const config = await getActiveConfig(db);
  const seeds = Math.max(1, Math.min(SEED_SESSIONS, Math.floor(respondents / 10)));
  for (let i = 0, stored = 0; stored < seeds; i++) {
    // A simulated session the ingestion refuses (a sample rounded past the page dwell) is skipped.
    try {
      await ingestSession(db, simulateSession(context, i), { context, config });
      stored++;
    } catch (e) {
      if (!(e instanceof InvalidInput)) throw e;
    }
  }
  say(`50k study: ${seeds} seed sessions ingested; loading ${respondents - seeds} synthetic respondents`);
  const S = b.studyId;
  await exec(db, sql`create table bench_seed as
    select (row_number() over (order by id) - 1)::int as k, id from participant where study_id = ${S}`);
  await exec(db, sql`analyze`);
  for (let from = seeds; from < respondents; from += CHUNK) {
    const to = Math.min(respondents, from + CHUNK) - 1;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await exec(tx, sql`insert into participant (study_id, cell_id, panel_id, reference, session_id, age_group_id, family_group_id,
          earnings_group_id, gender_group_id, socialgrade_group_id, ethnicity_group_id, has_eyetracking, calibration_accuracy_px,
          calibration_precision_px, frame_rate, connection_speed_kbps, status, is_test, gaze_source)
        select p.study_id, p.cell_id, p.panel_id, 'synthetic-' || g, 'synthetic-' || g, d.age_group_id, d.family_group_id,
          d.earnings_group_id, d.gender_group_id, d.socialgrade_group_id, d.ethnicity_group_id, p.has_eyetracking, p.calibration_accuracy_px,
          p.calibration_precision_px, p.frame_rate, p.connection_speed_kbps, p.status, p.is_test, p.gaze_source
        from generate_series(${from}::int, ${to}::int) g
          join bench_seed sp on sp.k = g % ${seeds} join participant p on p.id = sp.id
          join bench_seed sd on sd.k = (g::bigint * 7919) % ${seeds} join participant d on d.id = sd.id
        order by g`);
      await exec(tx, sql`create temp table bench_map on commit drop as
        select np.id as new_id, sp.id as src_id from participant np
          join bench_seed sp on sp.k = (substr(np.session_id, 11)::int % ${seeds})
        where np.study_id = ${S} and np.session_id like 'synthetic-%' and substr(np.session_id, 11)::int between ${from} and ${to}`);
      // PGlite has no autovacuum: without fresh statistics the planner takes the growing tables
      // for empty ones and joins them in nested loops (a chunk took minutes instead of seconds).
      await exec(tx, sql`analyze bench_map`);
      await exec(tx, sql`insert into exposure (study_id, participant_id, cell_id, step_id, stim_id, stim_x, stim_y, stim_width, stim_height,
          page_dwell_ms, viewability_intervals, analysis_config_id, eyetracked, viewable, viewable_ms, first_viewable_ms, viewed, dwell_ms,
          time_to_first_view_ms, fixation_count, gaze_period_ms, insufficient_gaze, dwell_censored, viewable_censored)
        select e.study_id, m.new_id, e.cell_id, e.step_id, e.stim_id, e.stim_x, e.stim_y, e.stim_width, e.stim_height,
          e.page_dwell_ms, e.viewability_intervals, e.analysis_config_id, e.eyetracked, e.viewable, e.viewable_ms, e.first_viewable_ms, e.viewed, e.dwell_ms,
          e.time_to_first_view_ms, e.fixation_count, e.gaze_period_ms, e.insufficient_gaze, e.dwell_censored, e.viewable_censored
        from bench_map m join exposure e on e.participant_id = m.src_id order by m.new_id, e.id`);
      await exec(tx, sql`create temp table bench_emap on commit drop as
        select ne.id as new_id, oe.id as src_id from bench_map m
          join exposure ne on ne.participant_id = m.new_id
          join exposure oe on oe.participant_id = m.src_id and oe.step_id = ne.step_id and oe.stim_id = ne.stim_id`);
      await exec(tx, sql`analyze bench_emap`);
      await exec(tx, sql`insert into exposure_aoi (study_id, exposure_id, aoi_id, dwell_ms, first_fixation_ms, fixation_count)
        select a.study_id, em.new_id, a.aoi_id, a.dwell_ms, a.first_fixation_ms, a.fixation_count
        from bench_emap em join exposure_aoi a on a.exposure_id = em.src_id`);
      await exec(tx, sql`insert into exposure_feature (study_id, exposure_id, tag, fixation_count, dwell_ms, first_fixation_ms,
          first_fixation_viewable_ms, visits, entry_rank)
        select f.study_id, em.new_id, f.tag, f.fixation_count, f.dwell_ms, f.first_fixation_ms, f.first_fixation_viewable_ms, f.visits, f.entry_rank
        from bench_emap em join exposure_feature f on f.exposure_id = em.src_id`);
    });
    await exec(db, sql`analyze participant, exposure, exposure_aoi, exposure_feature`);
    say(`50k study: ${to + 1}/${respondents} respondents`);
  }
  await exec(db, sql`drop table bench_seed`);
  await db.transaction((t) => rebuildStudyAggregates(t as unknown as Db, S));
  await exec(db, sql`analyze`);
  return b;
}

/**
 * The 50,000-respondent study, from the cache when there is one: the database (PGlite in a cache
 * folder, or the PostgreSQL database at pgUrl, emptied and restored), the study and a fresh token.
 * `created`: whether it was built in this run (seconds it took in `seconds`).
 */
export async function openStudy50k(kind: 'pglite' | 'postgres', pgUrl: string | undefined, say: (m: string) => void, respondents = STUDY50K_RESPONDENTS): Promise<{
  database: Database; study: BenchStudy; created: boolean; seconds: number; cleanup: () => Promise<void>;
}> {
  const key = cacheKey(respondents);
  mkdirSync(cacheRoot, { recursive: true });
  const meta = path.join(cacheRoot, `${key}.json`);
  const t = performance.now();
  let created = false;
  let dropScratch = async () => {};
  let database: Database;
  let b: BenchStudy;
  if (kind === 'pglite') {
    const dir = path.join(cacheRoot, `${key}-pglite`);
    if (!existsSync(meta) || !existsSync(dir)) {
      rmSync(dir, { recursive: true, force: true });
      const building = `${dir}.building`;
      rmSync(building, { recursive: true, force: true });
      const db0 = await openDatabase({ dataDir: building });
      b = await create(db0.db, respondents, say);
      await db0.close();
      cpSync(building, dir, { recursive: true });
      rmSync(building, { recursive: true, force: true });
      writeFileSync(meta, JSON.stringify(b));
      created = true;
    }
    database = await openDatabase({ dataDir: dir });
  } else {
    if (!pgUrl) throw new Error('no PostgreSQL URL');
    // The database to restore into: BENCH_PG_REUSE's own database (emptied), else a scratch one.
    let url = pgUrl;
    if (process.env.BENCH_PG_REUSE !== '1') {
      const scratch = await openScratchPostgres(pgUrl, 'gazeboard_bench50k');
      url = scratch.url;
      dropScratch = () => scratch.close();
    }
    const dump = path.join(cacheRoot, `${key}.pgdump`);
    await resetPostgres(url);
    if (!existsSync(meta) || !existsSync(dump)) {
      const db0 = await openDatabase({ databaseUrl: url });
      b = await create(db0.db, respondents, say);
      await db0.close();
      execFileSync('pg_dump', ['-Fc', '-f', dump, url]);
      writeFileSync(meta, JSON.stringify(b));
      created = true;
    } else {
      execFileSync('pg_restore', ['--no-owner', '-d', url, dump]);
    }
    database = await openDatabase({ databaseUrl: url });
  }
  b = { ...(JSON.parse(readFileSync(meta, 'utf8')) as BenchStudy) };
  const [u] = (await database.db.execute(sql`select id from app_user where company_id = ${b.companyId} order by id limit 1`) as unknown as { rows: { id: number }[] }).rows;
  b.token = await issueToken(database.db, u.id, 24);
  // Freshly restored (or just loaded) tables: without a vacuum the first reads set every tuple's
  // hint bits and autovacuum starts on them while the reports are timed, so the 50k figures
  // would measure the bulk load's aftermath rather than a study collected over days.
  if (kind === 'postgres') await database.db.execute(sql`vacuum analyze`);
  return { database, study: b, created, seconds: Math.round((performance.now() - t) / 1000), cleanup: async () => { await database.close(); await dropScratch(); } };
}
