// Ingestion of one respondent session: checked against the study, written in ONE transaction
// (participant, answers, exposures with their summaries, packed gaze, per-AOI and feature rows,
// report aggregates; one statement for all the rows), idempotent per (study_id, session_id). The HTTP route, the demo respondents and the benchmark all come
// through here; the computation is analytics' (summarizeExposure), the SQL the repositories'.
import type { Db } from '../db/client.js';
import { invalidField, isRetryableConflict } from '../domain/errors.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import {
  findParticipantBySession, insertSession, loadStudyContext, lockSessionInputs, type SessionRows, type StudyContext,
} from '../repositories/ingest.js';
import type { AnalysisConfig } from '../analytics/config.js';
import { packFloat32, unpackFloat32 } from '../analytics/pack.js';
import { checkSession, type SessionAnswer, type SessionBody } from '../analytics/session.js';
import { stepGaze, summarizeExposure, type ExposureInput } from '../analytics/summarize.js';
import { exposureFeatures } from '../analytics/aoi-metrics.js';

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

function toAnswers(ctx: StudyContext, stepIndex: number, answers: SessionAnswer[]): SessionRows['answers'] {
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
    return { questionId: q.id, answerOptionId: a.answer_option_id ?? null, text };
  });
}

/**
 * Runs a transaction again, three attempts in all, when PostgreSQL rolled it back because of
 * another one (isRetryableConflict). Sessions of one study update the same roll-up rows
 * (repositories/aggregates.ts); two that take two of them in opposite orders deadlock, and the
 * database rolls one of them back whole. Stored again, it succeeds instead of failing as a 500.
 */
async function retryConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3 || !isRetryableConflict(err)) throw err;
    }
  }
}

/** Stores one session; see the file comment. Throws InvalidInput (nothing stored) on bad input. */
export async function ingestSession(db: Db, body: SessionBody, opts: IngestOptions = {}): Promise<IngestResult> {
  const duplicateOf = async () => {
    const id = await findParticipantBySession(db, body.study_id, body.session_id);
    return id === null ? null : { participant_id: id, duplicate: true, exposures: 0 };
  };
  const ctx = opts.context ?? (await loadStudyContext(db, body.study_id));
  if (!ctx || ctx.studyId !== body.study_id) throw invalidField('study_id', `Unknown study ${body.study_id}`);
  // All checks before the transaction: a refused session writes nothing at all. A re-delivered
  // session is answered as stored even when the study has changed since (the statement below
  // finds the duplicate otherwise, without a lookup of its own for every new session).
  let answers: SessionRows['answers'];
  try {
    checkSession(ctx, body);
    answers = body.steps.flatMap((s, si) => toAnswers(ctx, si, s.answers ?? []));
  } catch (err) {
    const dup = await duplicateOf();
    if (dup) return dup;
    throw err;
  }
  const config = opts.config ?? (await getActiveConfig(db));
  const p = body.participant;

  const stored = await retryConflicts(() => db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The AOIs now, not the context's: a context loaded before an AOI save (the demo seeding
    // keeps one per study) would store this session's per-AOI rows for the old AOIs after the
    // save's recompute has run, and nothing would ever recompute them.
    const aois = await lockSessionInputs(tx, ctx.studyId, body.steps.flatMap((s) => s.stims.map((e) => e.stim_id)));

    // Every step is computed first, then the session is written in one statement (insertSession).
    const rows: SessionRows = {
      participant: {
        studyId: ctx.studyId, cellId: p.cell_id, panelId: p.panel_id ?? null, reference: p.reference, sessionId: body.session_id,
        ageGroupId: p.age_group_id ?? null, familyGroupId: p.family_group_id ?? null, earningsGroupId: p.earnings_group_id ?? null,
        genderGroupId: p.gender_group_id ?? null, socialgradeGroupId: p.socialgrade_group_id ?? null,
        ethnicityGroupId: p.ethnicity_group_id ?? null, hasEyetracking: p.has_eyetracking,
        calibrationAccuracyPx: p.calibration_accuracy_px ?? null, calibrationPrecisionPx: p.calibration_precision_px ?? null,
        frameRate: p.frame_rate ?? null, connectionSpeedKbps: p.connection_speed_kbps ?? null, status: p.status, isTest: p.is_test, gazeSource: p.gaze_source ?? null,
      },
      exposures: [], gaze: [], aois: [], features: [], answers,
    };
    for (const s of body.steps) {
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
      if (gaze.length && s.stims.length) {
        rows.gaze.push({ stepId: s.step_id, sampleCount: gaze.length, samples: packedSamples, fixations: step.packedFixations });
      }
      for (const e of s.stims) {
        const sm = ctx.stims.get(e.stim_id)!;
        const input: ExposureInput = {
          stimType: sm.stimType, naturalWidth: sm.width, naturalHeight: sm.height,
          rect: { x: e.x, y: e.y, width: e.width, height: e.height }, intervals: e.viewability, samples,
          hasEyetracking: p.has_eyetracking, aois: aois.get(sm.id) ?? [], pageDwellMs: s.page_dwell_ms,
        };
        const r = summarizeExposure(input, config, step);
        const at = { stepId: s.step_id, stimId: e.stim_id };
        rows.features.push(...exposureFeatures(input, r).map((f) => ({ ...f, ...at })));
        rows.aois.push(...r.aois.map((a) => ({ ...a, ...at })));
        rows.exposures.push({
          studyId: ctx.studyId, cellId: p.cell_id, stepId: s.step_id, stimId: e.stim_id,
          stimX: e.x, stimY: e.y, stimWidth: e.width, stimHeight: e.height, pageDwellMs: s.page_dwell_ms,
          // playing is kept only when sent, so stored intervals of display stims are unchanged.
          viewabilityIntervals: e.viewability.map((v) => ({
            start_ms: v.start_ms, end_ms: v.end_ms, fraction: v.fraction, ...(v.playing === undefined ? {} : { playing: v.playing }),
          })),
          summary: r.summary, analysisConfigId: config.id,
        });
      }
    }
    // The report aggregates (issue 21) are in the same statement: a session counts there exactly
    // when its rows are stored. A concurrent duplicate writes nothing and returns null.
    const written = await insertSession(tx, rows);
    if (written && opts.afterStep) for (const si of body.steps.keys()) await opts.afterStep(si);
    return written;
  }));
  if (stored) return { participant_id: stored.participantId, duplicate: false, exposures: stored.exposures };
  const dup = await duplicateOf();
  if (!dup) throw new Error(`session ${body.session_id} was neither stored nor found`);
  return dup;
}
