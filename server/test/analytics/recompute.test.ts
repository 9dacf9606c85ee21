// npm run recompute: a new active config, every exposure rebuilt from the raw samples.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { parseArgs, recomputeAll } from '../../services/recompute.js';
import { getActiveConfig } from '../../repositories/analysis-config.js';
import { DEFAULT_PARAMS } from '../../analytics/config.js';
import { buildStudy, track, type AnalyticsStudy } from './study-fixture.js';

let database: Database;
let s: AnalyticsStudy;

type Row = { id: number; dwell_ms: number; fixation_count: number; viewed: boolean; analysis_config_id: number; aois: number };
async function exposures(): Promise<Row[]> {
  const r = await database.db.execute(sql`select e.id, e.dwell_ms, e.fixation_count, e.viewed, e.analysis_config_id,
    (select count(*)::int from exposure_aoi a where a.exposure_id = e.id) as aois from exposure e order by e.id`);
  return (r as unknown as { rows: Row[] }).rows;
}

function body(i: number, jitter: number): SessionBody {
  // fixations on the logo quarter, then on the cta quarter, with ±jitter px of noise
  const { gaze } = track([[400, 150, 250], [300, 350, 400], [400, 800, 100]], { start: 200, jitter });
  return {
    study_id: s.studyId, session_id: `r-${i}`,
    participant: { reference: `R${i}`, cell_id: s.cellId, has_eyetracking: true, status: 'complete', is_test: false },
    steps: [{
      step_id: s.cacheStepId, page_dwell_ms: 6000, gaze,
      stims: [{ stim_id: s.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 6000, fraction: 1 }] }],
    }],
  };
}

beforeAll(async () => {
  database = await freshDatabase();
  s = await buildStudy(database.db);
  for (let i = 0; i < 6; i++) await ingestSession(database.db, body(i, i < 3 ? 4 : 10));
});
afterAll(async () => { await database.close(); });

describe('recompute', () => {
  it('parses the command line', () => {
    expect(parseArgs(['--algorithm', 'ivt', '--dispersion', '40', '--min-duration=80'])).toEqual({
      algorithm: 'ivt', params: { dispersion_px: 40, min_duration_ms: 80 },
    });
    expect(() => parseArgs(['--algorithm', 'magic'])).toThrow();
    expect(() => parseArgs(['--dispersion', '-3'])).toThrow();
    expect(() => parseArgs(['--bogus', '1'])).toThrow('unknown option --bogus');
  });

  it('with the same parameters reproduces exactly what ingest stored', async () => {
    const before = await exposures();
    const config = await recomputeAll(database.db, { algorithm: 'idt', params: DEFAULT_PARAMS });
    const after = await exposures();
    expect(after.map(({ analysis_config_id: _, ...r }) => r)).toEqual(before.map(({ analysis_config_id: _, ...r }) => r));
    expect(after.every((r) => r.analysis_config_id === config.id)).toBe(true);
  });

  it('with new parameters changes fixations and records the new config id', async () => {
    const old = await getActiveConfig(database.db);
    const before = await exposures();
    // noisy respondents (±10 px) keep their fixations at 50 px; at 20 px they break up
    expect(before.slice(3).every((r) => r.fixation_count === 2)).toBe(true);
    const progress: number[] = [];
    const config = await recomputeAll(database.db, {
      algorithm: 'idt', params: { dispersion_px: 20 }, batchSize: 4, onProgress: (p) => progress.push(p.exposuresDone),
    });
    expect(config.id).not.toBe(old.id);
    expect(config.params).toEqual({ ...DEFAULT_PARAMS, dispersion_px: 20 });
    expect((await getActiveConfig(database.db)).id).toBe(config.id);
    expect(progress).toEqual([6]);
    const after = await exposures();
    expect(after.every((r) => r.analysis_config_id === config.id)).toBe(true);
    expect(after.slice(0, 3).map((r) => r.fixation_count)).toEqual(before.slice(0, 3).map((r) => r.fixation_count));
    expect(after.slice(3).every((r) => r.fixation_count < 2)).toBe(true);
    expect(after.slice(3).every((r) => r.dwell_ms < before[3].dwell_ms)).toBe(true);
    // exposure_aoi rows are rebuilt too, not appended
    expect(after[0].aois).toBe(before[0].aois);

    const stored = await database.db.execute(sql`select length(fixations)::int as bytes from exposure_gaze g
      join exposure e on e.id = g.exposure_id order by e.id`);
    const bytes = (stored as unknown as { rows: { bytes: number }[] }).rows.map((r) => r.bytes);
    expect(bytes[0]).toBe(3 * 16);
    expect(bytes[5]).toBeLessThan(3 * 16);
  });

  it('switches to I-VT and back, new sessions using the active config', async () => {
    const ivt = await recomputeAll(database.db, { algorithm: 'ivt' });
    const rows = await exposures();
    expect(rows.every((r) => r.analysis_config_id === ivt.id)).toBe(true);
    const r = await ingestSession(database.db, body(99, 4));
    const fresh = (await exposures()).at(-1)!;
    expect(r.duplicate).toBe(false);
    expect(fresh.analysis_config_id).toBe(ivt.id);
  });
});
