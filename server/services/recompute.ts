// Rebuilds every exposure's fixations, summaries and exposure_aoi rows from the raw samples with a
// new analysis configuration, which becomes the active one.
//   npm run recompute [-- --algorithm ivt --dispersion 40 --velocity 800 --min-duration 80 --max-gap 150]
// Batched reads, one transaction per study (a study's reports never mix two configs), progress on
// stderr. With embedded PGlite, stop the server first: PGlite allows one process per data dir.
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/client.js';
import { activateNewConfig } from '../repositories/analysis-config.js';
import {
  listStudiesWithExposures, loadAoisForStims, loadExposurePage, writeRecomputed,
  type NewExposureAoi, type RecomputedExposure,
} from '../repositories/ingest.js';
import { ALGORITHMS, DEFAULT_ALGORITHM, normalizeParams, type Algorithm, type AnalysisConfig, type AnalysisParams } from '../analytics/config.js';
import { packFloat32, unpackFloat32 } from '../analytics/pack.js';
import { summarizeExposure, type AoiShape, type ExposureInput } from '../analytics/summarize.js';
import { exposureFeatures } from '../analytics/aoi-metrics.js';
import { rewriteExposureFeatures, type NewExposureFeature } from '../repositories/aoi-metrics.js';
import { rebuildStudyAggregates } from '../repositories/aggregates.js';

export interface RecomputeProgress {
  studyId: number;
  studyDone: number;
  studyTotal: number;
  exposuresDone: number;
  exposuresTotal: number;
}

export interface RecomputeOptions {
  algorithm: Algorithm;
  params?: Partial<AnalysisParams>;
  /** Exposures read and rewritten per statement batch. */
  batchSize?: number;
  onProgress?: (p: RecomputeProgress) => void;
}

/** Activates a new config and rebuilds every study with it; returns the new config. */
export async function recomputeAll(db: Db, opts: RecomputeOptions): Promise<AnalysisConfig & { id: number }> {
  const params = normalizeParams(opts.params);
  const config = (await activateNewConfig(db, opts.algorithm, params)) as AnalysisConfig & { id: number };
  const studies = await listStudiesWithExposures(db);
  const exposuresTotal = studies.reduce((a, s) => a + s.exposures, 0);
  let exposuresDone = 0;
  for (const [i, s] of studies.entries()) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      exposuresDone += await recomputeStudy(tx, s.studyId, config, opts.batchSize ?? 500);
    });
    opts.onProgress?.({ studyId: s.studyId, studyDone: i + 1, studyTotal: studies.length, exposuresDone, exposuresTotal });
  }
  return config;
}

/** Rebuilds one study's exposures (call inside a transaction); returns how many. */
export async function recomputeStudy(db: Db, studyId: number, config: AnalysisConfig & { id: number }, batchSize = 500): Promise<number> {
  let after = 0;
  let done = 0;
  const aoiCache = new Map<number, AoiShape[]>();
  for (;;) {
    const page = await loadExposurePage(db, { studyId }, after, batchSize);
    if (!page.length) break;
    const missing = [...new Set(page.map((e) => e.stimId))].filter((id) => !aoiCache.has(id));
    if (missing.length) {
      const loaded = await loadAoisForStims(db, missing);
      for (const id of missing) aoiCache.set(id, loaded.get(id) ?? []);
    }
    const rows: RecomputedExposure[] = [];
    const aois: NewExposureAoi[] = [];
    const features: NewExposureFeature[] = [];
    // Exposures whose raw gaze retention removed keep the summaries they have (none can be made again).
    const kept = page.filter((e) => !e.gazeRemoved);
    for (const e of kept) {
      const samples = e.samples ? unpackFloat32(new Uint8Array(e.samples)) : new Float32Array(0);
      const input: ExposureInput = {
        stimType: e.stimType, naturalWidth: e.naturalWidth, naturalHeight: e.naturalHeight,
        rect: { x: e.stimX, y: e.stimY, width: e.stimWidth, height: e.stimHeight },
        intervals: e.intervals, samples, hasEyetracking: e.hasEyetracking, aois: aoiCache.get(e.stimId) ?? [],
        pageDwellMs: e.pageDwellMs,
      };
      const r = summarizeExposure(input, config);
      rows.push({ id: e.id, summary: r.summary, fixations: e.samples ? packFloat32(r.fixations.flatMap((f) => [f.start, f.duration, f.x, f.y])) : null });
      for (const a of r.aois) aois.push({ ...a, studyId, exposureId: e.id });
      for (const f of exposureFeatures(input, r)) features.push({ ...f, studyId, exposureId: e.id });
    }
    await writeRecomputed(db, studyId, config.id, rows, aois);
    await rewriteExposureFeatures(db, kept.map((e) => e.id), features);
    done += page.length;
    after = page[page.length - 1].id;
  }
  // The report aggregates follow the rewritten summaries in the same transaction (issue 21).
  await rebuildStudyAggregates(db, studyId);
  return done;
}

const FLAGS: Record<string, keyof AnalysisParams> = {
  '--dispersion': 'dispersion_px',
  '--velocity': 'velocity_px_per_s',
  '--min-duration': 'min_duration_ms',
  '--max-gap': 'max_gap_ms',
};

export function parseArgs(argv: string[]): { algorithm: Algorithm; params: Partial<AnalysisParams> } {
  let algorithm: Algorithm = DEFAULT_ALGORITHM;
  const params: Partial<AnalysisParams> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    if (flag !== '--algorithm' && !FLAGS[flag]) {
      throw new Error(`unknown option ${arg} (use --algorithm idt|ivt ${Object.keys(FLAGS).map((f) => `${f} <n>`).join(' ')})`);
    }
    const value = inline ?? argv[++i];
    if (flag === '--algorithm') {
      if (!ALGORITHMS.includes(value as Algorithm)) throw new Error(`--algorithm must be one of ${ALGORITHMS.join(', ')}`);
      algorithm = value as Algorithm;
    } else {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number`);
      params[FLAGS[flag]] = n;
    }
  }
  return { algorithm, params };
}

async function main() {
  const { loadConfig } = await import('../config.js');
  const { openDatabase } = await import('../db/client.js');
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const cfg = loadConfig();
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  const started = Date.now();
  try {
    const config = await recomputeAll(database.db, {
      ...args,
      onProgress: (p) => process.stderr.write(
        `study ${p.studyId}: ${p.studyDone}/${p.studyTotal} studies, ${p.exposuresDone}/${p.exposuresTotal} exposures\n`),
    });
    console.log(`analysis config ${config.id} (${config.algorithm} ${JSON.stringify(config.params)}) active; ` +
      `recomputed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
