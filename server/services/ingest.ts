// Ingestion of one respondent session: checked against the study, written in ONE transaction
// (participant, answers, exposures with their summaries, packed gaze, per-AOI rows), idempotent
// per (study_id, session_id). The HTTP route, the demo respondents and the benchmark all come
// through here; the computation is analytics' (summarizeExposure), the SQL the repositories'.
import type { Db } from '../db/client.js';
import { invalidField } from '../domain/errors.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import {
  findParticipantBySession, insertAnswers, insertExposureAois, insertExposures, insertGaze, insertParticipant,
  loadStudyContext, lockAoisForStims, type NewAnswer, type NewExposure, type NewExposureAoi, type NewGaze, type StudyContext,
} from '../repositories/ingest.js';
import type { AnalysisConfig } from '../analytics/config.js';
import { packFloat32, unpackFloat32 } from '../analytics/pack.js';
import { checkSession, type SessionAnswer, type SessionBody } from '../analytics/session.js';
import { stepGaze, summarizeExposure, type ExposureInput } from '../analytics/summarize.js';
import { exposureFeatures, type FeatureSummary } from '../analytics/aoi-metrics.js';
import { insertExposureFeatures } from '../repositories/aoi-metrics.js';
import { addSessionAggregates } from '../repositories/aggregates.js';

export type {
  ParticipantStatus, SessionAnswer, SessionBody, SessionParticipant, SessionStep, SessionStim,
} from '../analytics/session.js';

export interface IngestOptions {
  /** Study reference data already loaded (simulator, bench): saves six queries per session. */
  context?: StudyContext;
  /** Analysis config already loaded; otherwise the active one (created on first use). */
  config?: AnalysisConfig;
  /** Called inside the transaction for each step once the session's rows are written (progress; tests inject failures). */
  afterStep?: (index: number) => void | Promise<void>;
}

export interface IngestResult {
  participant_id: number;
  duplicate: boolean;
  exposures: number;
}

/** Raised inside the transaction when another request stored the same session first. */
class DuplicateSession extends Error {}

function toAnswers(ctx: StudyContext, participantId: number, stepIndex: number, answers: SessionAnswer[]): NewAnswer[] {
  return answers.map((a, i) => {
    const field = `steps.${stepIndex}.answers.${i}`;
    const q = ctx.questions.get(a.question_id);
    if (!q) throw invalidField(`${field}.question_id`, `Unknown question ${a.question_id} for study ${ctx.studyId}`);
    let text = a.text ?? '';
    if (a.answer_option_id != null) {
      const option = q.options.get(a.answer_option_id);
      if (option === undefined) throw invalidField(`${field}.answer_option_id`, `Unknown answer ${a.answer_option_id} for question ${q.id}`);
      if (!text) text = option;
    } else if (!text) {
      throw invalidField(`${field}.text`, 'An answer needs answer_option_id or text');
    }
    return { studyId: ctx.studyId, participantId, questionId: q.id, answerOptionId: a.answer_option_id ?? null, text };
  });
}

/** Stores one session; see the file comment. Throws InvalidInput (nothing stored) on bad input. */
export async function ingestSession(db: Db, body: SessionBody, opts: IngestOptions = {}): Promise<IngestResult> {
  const existing = await findParticipantBySession(db, body.study_id, body.session_id);
  if (existing !== null) return { participant_id: existing, duplicate: true, exposures: 0 };

  const ctx = opts.context ?? (await loadStudyContext(db, body.study_id));
  if (!ctx || ctx.studyId !== body.study_id) throw invalidField('study_id', `Unknown study ${body.study_id}`);
  // All checks before the transaction: a refused session writes nothing at all.
  checkSession(ctx, body);
  const config = opts.config ?? (await getActiveConfig(db));
  const p = body.participant;

  try {
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const participantId = await insertParticipant(tx, {
        studyId: ctx.studyId, cellId: p.cell_id, panelId: p.panel_id ?? null, reference: p.reference, sessionId: body.session_id,
        ageGroupId: p.age_group_id ?? null, familyGroupId: p.family_group_id ?? null, earningsGroupId: p.earnings_group_id ?? null,
        genderGroupId: p.gender_group_id ?? null, socialgradeGroupId: p.socialgrade_group_id ?? null,
        ethnicityGroupId: p.ethnicity_group_id ?? null, hasEyetracking: p.has_eyetracking,
        calibrationAccuracyPx: p.calibration_accuracy_px ?? null, calibrationPrecisionPx: p.calibration_precision_px ?? null,
        frameRate: p.frame_rate ?? null, connectionSpeedKbps: p.connection_speed_kbps ?? null, status: p.status, isTest: p.is_test, gazeSource: p.gaze_source ?? null,
      });
      if (participantId === null) throw new DuplicateSession();

      // The AOIs now, not the context's: a context loaded before an AOI save (the demo seeding
      // keeps one per study) would store this session's per-AOI rows for the old AOIs after the
      // save's recompute has run, and nothing would ever recompute them.
      const aois = await lockAoisForStims(tx, body.steps.flatMap((s) => s.stims.map((e) => e.stim_id)));

      // Every step is computed first, then each table is written in one multi-row statement for
      // the whole session (issue 21: five statements where there were four per step).
      const rows: NewExposure[] = [];
      const gazeOf: ({ sampleCount: number; samples: Buffer } | null)[] = [];
      const aoiRows: Omit<NewExposureAoi, 'exposureId'>[][] = [];
      const featureRows: FeatureSummary[][] = [];
      const fixationsPacked: Buffer[] = [];
      const answers: NewAnswer[] = [];
      for (const [si, s] of body.steps.entries()) {
        // checkSession refused unordered samples, so the stored order is the sent one; the summaries
        // are computed from the packed values so a later recompute with the same parameters
        // reproduces exactly what ingest stored.
        const gaze = s.gaze ?? [];
        const flat = new Float64Array(gaze.length * 3);
        gaze.forEach((g, i) => { flat[i * 3] = g[0]; flat[i * 3 + 1] = g[1]; flat[i * 3 + 2] = g[2]; });
        const packedSamples = packFloat32(flat);
        const samples = unpackFloat32(packedSamples);
        // The step's fixations and sampling figures are the same for every stim on its page.
        const step = stepGaze(samples, p.has_eyetracking, config);

        for (const e of s.stims) {
          const sm = ctx.stims.get(e.stim_id)!;
          const input: ExposureInput = {
            stimType: sm.stimType, naturalWidth: sm.width, naturalHeight: sm.height,
            rect: { x: e.x, y: e.y, width: e.width, height: e.height }, intervals: e.viewability, samples,
            hasEyetracking: p.has_eyetracking, aois: aois.get(sm.id) ?? [], pageDwellMs: s.page_dwell_ms,
          };
          const r = summarizeExposure(input, config, step);
          featureRows.push(exposureFeatures(input, r));
          rows.push({
            studyId: ctx.studyId, participantId, cellId: p.cell_id, stepId: s.step_id, stimId: e.stim_id,
            stimX: e.x, stimY: e.y, stimWidth: e.width, stimHeight: e.height, pageDwellMs: s.page_dwell_ms,
            // playing is kept only when sent, so stored intervals of display stims are unchanged.
            viewabilityIntervals: e.viewability.map((v) => ({
              start_ms: v.start_ms, end_ms: v.end_ms, fraction: v.fraction, ...(v.playing === undefined ? {} : { playing: v.playing }),
            })),
            summary: r.summary, analysisConfigId: config.id,
          });
          gazeOf.push(gaze.length ? { sampleCount: gaze.length, samples: packedSamples } : null);
          aoiRows.push(r.aois.map((a) => ({ ...a, studyId: ctx.studyId })));
          fixationsPacked.push(step.packedFixations);
        }
        if (s.answers?.length) answers.push(...toAnswers(ctx, participantId, si, s.answers));
      }

      const exposureIds = await insertExposures(tx, rows);
      const gazeRows: NewGaze[] = exposureIds.flatMap((id, k) => {
        const g = gazeOf[k];
        return g ? [{ exposureId: id, studyId: ctx.studyId, sampleCount: g.sampleCount, samples: g.samples, fixations: fixationsPacked[k] }] : [];
      });
      await insertGaze(tx, gazeRows);
      await insertExposureAois(tx, exposureIds.flatMap((id, k) => aoiRows[k].map((a) => ({ ...a, exposureId: id }))));
      await insertExposureFeatures(tx, exposureIds.flatMap((id, k) => featureRows[k].map((f) => ({ ...f, studyId: ctx.studyId, exposureId: id }))));
      await insertAnswers(tx, answers);
      const exposures = exposureIds.length;
      if (opts.afterStep) for (const si of body.steps.keys()) await opts.afterStep(si);
      // The report aggregates (issue 21) in the same transaction: a session counts there exactly
      // when its rows are stored (a duplicate never reaches this line).
      await addSessionAggregates(tx, ctx.studyId, participantId, exposureIds);
      return { participant_id: participantId, duplicate: false, exposures };
    });
  } catch (err) {
    if (err instanceof DuplicateSession) {
      const id = await findParticipantBySession(db, body.study_id, body.session_id);
      if (id !== null) return { participant_id: id, duplicate: true, exposures: 0 };
    }
    throw err;
  }
}
