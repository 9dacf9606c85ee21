// Ingestion of respondent sessions: each checked against the study, then written in ONE
// transaction (participant, answers, exposures with their summaries, packed gaze, per-AOI and
// feature rows, report aggregates; one statement for all the rows), idempotent per (study_id,
// session_id). Sessions of a study that arrive together share that transaction (group commit,
// below). The HTTP route, the demo respondents and the benchmark all come through here; the
// computation is analytics' (summarizeExposure), the SQL the repositories'.
import type { Db } from '../db/client.js';
import { invalidField, isRetryableConflict } from '../domain/errors.js';
import { getActiveConfig } from '../repositories/analysis-config.js';
import {
  findStoredSession, insertSessions, loadStudyContext, lockSessionInputs, markFieldworkStarted, type SessionRows, type StudyContext,
} from '../repositories/ingest.js';
import type { AnalysisConfig } from '../analytics/config.js';
import { packFloat32, unpackFloat32 } from '../analytics/pack.js';
import { checkSession, type SessionAnswer, type SessionBody } from '../analytics/session.js';
import { stepGaze, summarizeExposure, type AoiShape, type ExposureInput } from '../analytics/summarize.js';
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
  /** As stored: a completion of a panel reference that had completed before is 'duplicate' (never counted). */
  status: string;
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

/** A checked session waiting to be written, with its rows as computed with the context's AOIs. */
interface Checked {
  body: SessionBody;
  ctx: StudyContext;
  config: AnalysisConfig;
  answers: SessionRows['answers'];
  afterStep?: IngestOptions['afterStep'];
  rows: SessionRows;
}
type Stored = { participantId: number; status: string; exposures: number };

/**
 * A session's rows, computed with the AOIs read under its locks. The summaries are computed from
 * the packed values so a later recompute with the same parameters reproduces exactly what ingest
 * stored; checkSession refused unordered samples, so the stored order is the sent one.
 */
function sessionRows({ body, ctx, config, answers }: Omit<Checked, 'rows'>, aois: Map<number, AoiShape[]>): SessionRows {
  const p = body.participant;
  const rows: SessionRows = {
    participant: {
      studyId: ctx.studyId, cellId: p.cell_id, panelId: p.panel_id ?? null, reference: p.reference, sessionId: body.session_id,
      ageGroupId: p.age_group_id ?? null, familyGroupId: p.family_group_id ?? null, earningsGroupId: p.earnings_group_id ?? null,
      genderGroupId: p.gender_group_id ?? null, socialgradeGroupId: p.socialgrade_group_id ?? null,
      ethnicityGroupId: p.ethnicity_group_id ?? null, hasEyetracking: p.has_eyetracking,
      calibrationAccuracyPx: p.calibration_accuracy_px ?? null, calibrationPrecisionPx: p.calibration_precision_px ?? null,
      frameRate: p.frame_rate ?? null, connectionSpeedKbps: p.connection_speed_kbps ?? null, status: p.status, isTest: p.is_test, gazeSource: p.gaze_source ?? null,
      consentVersion: p.consent_version ?? null, consentedAt: p.consented_at ? new Date(p.consented_at) : null,
    },
    exposures: [], gaze: [], aois: [], features: [], answers,
  };
  for (const s of body.steps) {
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
  return rows;
}

const stimsOf = (body: SessionBody) => body.steps.flatMap((s) => s.stims.map((e) => e.stim_id));
const sameShapes = (a: AoiShape[] | undefined, b: AoiShape[] | undefined) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * Writes checked sessions of one study in ONE transaction: the study's locks, the AOIs as they are
 * after them, every session's rows and report aggregates in one statement (insertSessions). Each
 * session's rows were computed before, with its context's AOIs, while the previous group was being
 * written; a session whose stims' AOIs are no longer those is computed again with the ones read
 * here. A context loaded before an AOI save (the demo seeding keeps one per study) would otherwise
 * store per-AOI rows for the old AOIs after the save's recompute has run, and nothing would ever
 * recompute them.
 */
function writeSessions(db: Db, studyId: number, sessions: Checked[]): Promise<Map<string, Stored>> {
  return retryConflicts(() => db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const aois = await lockSessionInputs(tx, studyId, sessions.flatMap((c) => stimsOf(c.body)));
    const rows = sessions.map((c) => (stimsOf(c.body).every((id) => sameShapes(c.ctx.aois.get(id), aois.get(id))) ? c.rows : sessionRows(c, aois)));
    const stored = await insertSessions(tx, studyId, rows);
    // The first counted live session starts fieldwork (its actual start date), once per study.
    const counted = rows.some((r) => stored.has(r.participant.sessionId) && !r.participant.isTest && (r.participant.status ?? 'complete') === 'complete');
    if (counted && !sessions[0]?.ctx.fieldworkStarted) await markFieldworkStarted(tx, studyId);
    for (const c of sessions) {
      if (c.afterStep && stored.has(c.body.session_id)) for (const si of c.body.steps.keys()) await c.afterStep(si);
    }
    return stored;
  }));
}

// ---- group commit ------------------------------------------------------------------------------
// Sessions of a study that arrive while one of its transactions is being written wait and are
// written together in the next one: one transaction, one lock, one statement and one commit (WAL
// flush) for all of them, their aggregate rows summed before the upsert (issue 21: per session,
// the transaction and its round trips cost more than the rows). A lone session is written at
// once, so nothing waits on a timer. One writer per study and database handle at a time.

/** Sessions in one transaction at most (its JSON parameters grow with them). */
const MAX_GROUP = 32;

interface Waiting {
  session: Checked;
  resolve: (stored: Stored | null) => void;
  reject: (err: unknown) => void;
}

/** Per database handle, per study: the sessions waiting while that study's writer runs. */
const waitingBy = new WeakMap<Db, Map<number, Waiting[]>>();

function writeInGroup(db: Db, session: Checked): Promise<Stored | null> {
  return new Promise((resolve, reject) => {
    let studies = waitingBy.get(db);
    if (!studies) waitingBy.set(db, (studies = new Map()));
    const studyId = session.ctx.studyId;
    const queue = studies.get(studyId);
    if (queue) {
      queue.push({ session, resolve, reject });
      return;
    }
    const own = [{ session, resolve, reject }];
    studies.set(studyId, own);
    void drain(db, studies, studyId, own);
  });
}

async function drain(db: Db, studies: Map<number, Waiting[]>, studyId: number, queue: Waiting[]): Promise<void> {
  do {
    // Each session id once per group: a re-delivery waits for the next one and is then a duplicate.
    const ids = new Set<string>();
    const group: Waiting[] = [];
    for (let i = 0; i < queue.length && group.length < MAX_GROUP;) {
      const id = queue[i].session.body.session_id;
      if (ids.has(id)) { i++; continue; }
      ids.add(id);
      group.push(...queue.splice(i, 1));
    }
    await writeGroup(db, studyId, group);
    // One turn of the event loop before the next group: the callers just answered send their next
    // sessions then, and those join it, where otherwise the first of them went alone.
    await new Promise((resolve) => setImmediate(resolve));
  } while (queue.length);
  studies.delete(studyId);
}

/** Settles every session of the group; never throws. */
async function writeGroup(db: Db, studyId: number, group: Waiting[]): Promise<void> {
  try {
    const stored = await writeSessions(db, studyId, group.map((w) => w.session));
    for (const w of group) w.resolve(stored.get(w.session.body.session_id) ?? null);
  } catch (err) {
    if (group.length === 1) {
      group[0].reject(err);
      return;
    }
    // The whole transaction was rolled back: each session alone, so one's failure is only its own.
    for (const w of group) await writeGroup(db, studyId, [w]);
  }
}

/**
 * Stores one session; see the file comment. Throws InvalidInput (nothing stored) on bad input.
 * Sessions of the study arriving meanwhile share its transaction (group commit, above).
 */
export async function ingestSession(db: Db, body: SessionBody, opts: IngestOptions = {}): Promise<IngestResult> {
  const duplicateOf = async () => {
    const found = await findStoredSession(db, body.study_id, body.session_id);
    return found === null ? null : { participant_id: found.id, duplicate: true, exposures: 0, status: found.status };
  };
  const ctx = opts.context ?? (await loadStudyContext(db, body.study_id));
  if (!ctx || ctx.studyId !== body.study_id) throw invalidField('study_id', `Unknown study ${body.study_id}`);
  // All checks before the transaction: a refused session writes nothing at all. A re-delivered
  // session is answered as stored even when the study has changed since (the statement finds the
  // duplicate otherwise, without a lookup of its own for every new session).
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
  const checked = { body, ctx, config, answers, afterStep: opts.afterStep };
  const stored = await writeInGroup(db, { ...checked, rows: sessionRows(checked, ctx.aois) });
  if (stored) return { participant_id: stored.participantId, duplicate: false, exposures: stored.exposures, status: stored.status };
  const dup = await duplicateOf();
  if (!dup) throw new Error(`session ${body.session_id} was neither stored nor found`);
  return dup;
}
