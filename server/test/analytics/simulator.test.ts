// The respondent simulator: deterministic, believable, stored through the real ingestion path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { loadStudyContext } from '../../repositories/ingest.js';
import { respondentTarget, simulateSession, PER_CELL_MIN } from '../../analytics/simulator.js';
import { seedRespondents } from '../../seed/respondents.js';
import { study } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { buildStudy, type AnalyticsStudy } from './study-fixture.js';

let database: Database;
let s: AnalyticsStudy;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

const summaries = (studyId: number) => rows<Record<string, unknown>>(sql`select p.session_id, e.step_id, e.stim_id, e.viewable, e.viewable_ms,
    e.first_viewable_ms, e.viewed, e.dwell_ms, e.time_to_first_view_ms, e.fixation_count, e.eyetracked, e.page_dwell_ms,
    (select count(*)::int from exposure_aoi a where a.exposure_id = e.id) as aois
  from exposure e join participant p on p.id = e.participant_id where e.study_id = ${studyId} order by p.session_id, e.step_id, e.stim_id`);

beforeAll(async () => {
  database = await freshDatabase();
  s = await buildStudy(database.db, { participantsRequested: 100 });
  // quality thresholds the simulator must respect for its good respondents
  await database.db.update(study).set({ maxAccuracy: 120, minDwellMs: 2000 }).where(eq(study.id, s.studyId));
});
afterAll(async () => { await database.close(); });

describe('respondent simulator', () => {
  it('is deterministic: the same study and index always give the same session', async () => {
    const ctx = (await loadStudyContext(database.db, s.studyId))!;
    expect(simulateSession(ctx, 7)).toEqual(simulateSession(ctx, 7));
    expect(simulateSession(ctx, 7)).not.toEqual(simulateSession(ctx, 8));
    const other = { ...ctx, studyId: ctx.studyId + 1000 };
    expect(simulateSession(other, 7).participant.calibration_accuracy_px).not.toBe(simulateSession(ctx, 7).participant.calibration_accuracy_px);
  });

  it('walks the cell\'s steps in order with placements, gaze at ~30 Hz and answers from the step\'s question group', async () => {
    const ctx = (await loadStudyContext(database.db, s.studyId))!;
    const body = simulateSession(ctx, 0);
    expect(body.participant.cell_id).toBe(s.cellId);
    expect(body.steps.map((x) => x.step_id)).toEqual([s.instructionStepId, s.cacheStepId, s.videoStepId, s.questionStepId]);
    const cache = body.steps[1];
    expect(cache.stims.map((x) => x.stim_id)).toEqual([s.mpuId, s.billboardId]);
    expect(cache.stims[0]).toMatchObject({ x: 100, y: 200, width: 600, height: 500 });
    const gaze = cache.gaze!;
    const hz = (gaze.length - 1) / ((gaze[gaze.length - 1][0] - gaze[0][0]) / 1000);
    expect(hz).toBeGreaterThan(10);
    expect(hz).toBeLessThan(35);
    expect(body.steps[3].answers!.map((a) => a.question_id)).toEqual([s.questionId]);
    expect(s.optionIds).toContain(body.steps[3].answers![0].answer_option_id);
    // the second cell's respondents see their own cell
    expect(simulateSession(ctx, 1).participant.cell_id).toBe(s.otherCellId);
  });

  it('seeds a study through ingestSession with enough report-eligible respondents per stim, and is idempotent', async () => {
    const ctx = (await loadStudyContext(database.db, s.studyId))!;
    const target = respondentTarget(ctx);
    expect(target).toBe(2 * PER_CELL_MIN);
    const progress: [number, number][] = [];
    await seedRespondents(database.db, { studyIds: [s.studyId], onProgress: (d, t) => progress.push([d, t]) });
    expect(progress).toEqual([[1, 1]]);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from participant where study_id = ${s.studyId}`);
    expect(n).toBe(target);

    const mix = await rows<{ status: string; is_test: boolean; has_eyetracking: boolean; n: number }>(sql`select status, is_test, has_eyetracking, count(*)::int as n
      from participant where study_id = ${s.studyId} group by 1, 2, 3`);
    const count = (f: (r: (typeof mix)[number]) => boolean) => mix.filter(f).reduce((a, r) => a + r.n, 0);
    expect(count((r) => r.is_test)).toBeGreaterThan(0);
    expect(count((r) => r.status === 'screenout')).toBeGreaterThan(0);
    expect(count((r) => !r.has_eyetracking)).toBeGreaterThan(0);

    // report base per stim: complete, not test, eye-tracked, inside the quality thresholds
    const base = await rows<{ stim_id: number; n: number; viewable: number; viewed: number }>(sql`select e.stim_id, count(*)::int as n,
        sum(case when e.viewable then 1 else 0 end)::int as viewable, sum(case when e.viewed then 1 else 0 end)::int as viewed
      from exposure e join participant p on p.id = e.participant_id
      where e.study_id = ${s.studyId} and p.status = 'complete' and not p.is_test and p.has_eyetracking and e.eyetracked
        and p.calibration_accuracy_px <= 120 and e.page_dwell_ms >= 2000
      group by e.stim_id`);
    expect(base.map((b) => b.stim_id).sort()).toEqual([s.mpuId, s.billboardId, s.videoId].sort());
    for (const b of base) {
      expect(b.n).toBeGreaterThanOrEqual(40);
      // believable, not degenerate: some viewable, and not everyone who could look did
      expect(b.viewable).toBeGreaterThan(0);
      expect(b.viewed).toBeGreaterThan(0);
      expect(b.viewed).toBeLessThan(b.n);
    }
    // the below-the-fold billboard is viewable less often than the MPU at the top of the page
    const share = (id: number) => { const b = base.find((x) => x.stim_id === id)!; return b.viewable / b.n; };
    expect(share(s.billboardId)).toBeLessThan(share(s.mpuId));
    const [{ answers }] = await rows<{ answers: number }>(sql`select count(*)::int as answers from participant_answer where study_id = ${s.studyId}`);
    expect(answers).toBeGreaterThan(0);

    // a second run (e.g. after an interrupted background seed) adds nothing
    await seedRespondents(database.db, { studyIds: [s.studyId] });
    const [{ n: again }] = await rows<{ n: number }>(sql`select count(*)::int as n from participant where study_id = ${s.studyId}`);
    expect(again).toBe(target);
  });

  it('same seed → same summaries when a study is seeded again from scratch', async () => {
    const first = await summaries(s.studyId);
    expect(first.length).toBeGreaterThan(100);
    await database.db.execute(sql`delete from participant where study_id = ${s.studyId}`);
    await seedRespondents(database.db, { studyIds: [s.studyId] });
    expect(await summaries(s.studyId)).toEqual(first);
  });

  it('gives no respondents to a study still in set-up', async () => {
    const setup = await buildStudy(database.db, { completed: false });
    await database.db.update(study).set({ phaseId: 1, live: false }).where(eq(study.id, setup.studyId));
    await seedRespondents(database.db, { studyIds: [setup.studyId] });
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from participant where study_id = ${setup.studyId}`);
    expect(n).toBe(0);
  });
});
