// A small study built row by row for the analytics tests, and gaze tracks with known answers.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SessionBody } from '../../services/ingest.js';
import { study, cell, step, stepStim, stim, aoi, questionGroup, question, answerOption, cachePage } from '../../db/schema/index.js';
import { createCompany } from '../fixtures.js';

export interface AnalyticsStudy {
  companyId: number;
  studyId: number;
  cellId: number;
  otherCellId: number;
  instructionStepId: number;
  cacheStepId: number;
  videoStepId: number;
  questionStepId: number;
  mpuId: number;
  billboardId: number;
  videoId: number;
  /** AOIs of the MPU (natural size 600×500, drawn at 300×250): logo top-left quarter, cta bottom-right quarter. */
  logoAoiId: number;
  ctaAoiId: number;
  questionId: number;
  optionIds: number[];
  foreignStimId: number;
}

export async function buildStudy(db: Db, opts: { participantsRequested?: number; completed?: boolean; companyId?: number } = {}): Promise<AnalyticsStudy> {
  const companyId = opts.companyId ?? (await createCompany(db)).id;
  const [s] = await db.insert(study).values({
    companyId, name: 'Analytics study', participantsRequested: opts.participantsRequested ?? 100, environmentId: 1,
    completed: opts.completed ?? true, live: false, phaseId: opts.completed === false ? 3 : 5,
  }).returning();
  const [c1, c2] = await db.insert(cell).values([
    { studyId: s.id, name: 'Cell A', shortName: 'A', position: 0 },
    { studyId: s.id, name: 'Cell B', shortName: 'B', position: 1 },
  ]).returning();
  const [mpu, billboard, video, foreign] = await db.insert(stim).values([
    { companyId, name: 'MPU', stimType: 'i', width: 600, height: 500 },
    { companyId, name: 'Billboard', stimType: 'i', width: 970, height: 250 },
    { companyId, name: 'Video', stimType: 'v', width: 640, height: 360, durationMs: 15000 },
    { companyId, name: 'Elsewhere', stimType: 'i', width: 300, height: 250 },
  ]).returning();
  const [logo, cta] = await db.insert(aoi).values([
    { stimId: mpu.id, tag: 'logo', x: 0, y: 0, width: 300, height: 250 },
    { stimId: mpu.id, tag: 'cta', x: 300, y: 250, width: 300, height: 250 },
  ]).returning();
  const [page] = await db.insert(cachePage).values({ companyId, name: 'News page', originalSource: 'https://example.com' }).returning();
  const [group] = await db.insert(questionGroup).values({ companyId, name: 'Recall', text: 'Recall' }).returning();
  const [q] = await db.insert(question).values({ questionGroupId: group.id, name: 'Seen?', shortName: 'seen', formattedType: 'single_choice' }).returning();
  const options = await db.insert(answerOption).values([
    { questionId: q.id, text: 'Yes', position: 0 }, { questionId: q.id, text: 'No', position: 1 },
  ]).returning();
  const steps = await db.insert(step).values([
    { studyId: s.id, cellId: c1.id, position: 0, stepType: 'instruction' },
    { studyId: s.id, cellId: c1.id, position: 1, stepType: 'cache', cachePageId: page.id },
    { studyId: s.id, cellId: c1.id, position: 2, stepType: 'stim', stimId: video.id },
    { studyId: s.id, cellId: c1.id, position: 3, stepType: 'question', questionGroupId: group.id },
    { studyId: s.id, cellId: c2.id, position: 0, stepType: 'stim', stimId: mpu.id },
  ]).returning();
  await db.insert(stepStim).values([
    { stepId: steps[1].id, stimId: mpu.id, x: 100, y: 200 },
    { stepId: steps[1].id, stimId: billboard.id, x: 0, y: 1400 },
  ]);
  return {
    companyId, studyId: s.id, cellId: c1.id, otherCellId: c2.id,
    instructionStepId: steps[0].id, cacheStepId: steps[1].id, videoStepId: steps[2].id, questionStepId: steps[3].id,
    mpuId: mpu.id, billboardId: billboard.id, videoId: video.id, logoAoiId: logo.id, ctaAoiId: cta.id,
    questionId: q.id, optionIds: options.map((o) => o.id), foreignStimId: foreign.id,
  };
}

export const HZ30 = 1000 / 30;

/** Gaze made of fixations [ms, x, y] at 30 Hz with one saccade sample between consecutive ones. */
export function track(fixations: [number, number, number][], opts: { start?: number; jitter?: number } = {}): { gaze: number[][]; starts: number[] } {
  const gaze: number[][] = [];
  const starts: number[] = [];
  let t = opts.start ?? 0;
  let k = 0;
  const jitter = opts.jitter ?? 0;
  // deterministic jitter in [-jitter, jitter]
  const wobble = () => (((k++ * 7919) % 97) / 96 - 0.5) * 2 * jitter;
  fixations.forEach(([ms, x, y], i) => {
    if (i > 0) {
      const [, px, py] = fixations[i - 1];
      gaze.push([t, (px + x) / 2, (py + y) / 2]);
      t += HZ30;
    }
    starts.push(t);
    const n = Math.round(ms / HZ30);
    for (let j = 0; j < n; j++) {
      gaze.push([t, x + wobble(), y + wobble()]);
      t += HZ30;
    }
  });
  return { gaze, starts };
}

/** One complete eye-tracked session on a fresh study's cache page (age group 2, gender 1): one MPU exposure. */
export function oneSession(f: AnalyticsStudy, sessionId: string): SessionBody {
  const gaze = track([[400, 150, 250], [400, 300, 300]], { start: 500 }).gaze;
  return {
    study_id: f.studyId, session_id: sessionId,
    participant: { reference: sessionId, cell_id: f.cellId, has_eyetracking: true, calibration_accuracy_px: 40, calibration_precision_px: 6,
      frame_rate: 30, connection_speed_kbps: 20000, status: 'complete', is_test: false, age_group_id: 2, gender_group_id: 1 },
    steps: [{ step_id: f.cacheStepId, page_dwell_ms: 9000, gaze,
      stims: [{ stim_id: f.mpuId, x: 100, y: 200, width: 300, height: 250, viewability: [{ start_ms: 0, end_ms: 5000, fraction: 1 }] }] }],
  } as unknown as SessionBody;
}

/** A study's aggregate rows as one text, numbers at 12 significant digits (summation order may differ in the last bits). */
export async function aggregateSnapshot(db: Db, studyId: number): Promise<string> {
  const q = async (table: string) => ((await db.execute(sql.raw(`select * from ${table} where study_id = ${Number(studyId)}`))) as unknown as {
    rows: Record<string, unknown>[];
  }).rows;
  const norm = (r: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(r).map(([k, v]) =>
    [k, typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(12)) : v])));
  const tables = ['report_aggregate', 'report_histogram', 'report_feature_aggregate', 'report_aoi_metric_aggregate', 'report_scanpath_aggregate'];
  const all = [];
  for (const t of tables) all.push((await q(t)).map(norm).sort().join('\n'));
  return all.join('\n--\n');
}
