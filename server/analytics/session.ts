// A respondent session as the collector sends it (POST /v1.0/collect/session) and the simulator
// generates it, and the checks that depend only on the study's context. Storing one is
// services/ingest.ts. The static bounds of every number are the contract's (contract/ingest.ts);
// what depends on other fields or on the study is checked here, so reports never average a value
// no respondent could have produced.
import { MAX_SAMPLE_HZ } from '../../contract/ingest.js';
import { DEMOGRAPHIC_KINDS, demographicColumn } from '../domain/demographics.js';
import { invalidField } from '../domain/errors.js';
import { LOOKUPS } from '../domain/lookups.js';
import type { StudyContext } from './study-context.js';
import type { ViewInterval } from './viewability.js';

export interface SessionStim {
  stim_id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  viewability: ViewInterval[];
}

export interface SessionAnswer {
  question_id: number;
  answer_option_id?: number | null;
  text?: string | null;
}

export interface SessionStep {
  step_id: number;
  page_dwell_ms: number;
  stims: SessionStim[];
  /** [t_ms, x, y] from the step's start, page px */
  gaze?: number[][];
  answers?: SessionAnswer[];
}

export type ParticipantStatus = 'complete' | 'screenout' | 'quota_full';

export interface SessionParticipant {
  reference: string;
  cell_id: number;
  panel_id?: number | null;
  age_group_id?: number | null;
  family_group_id?: number | null;
  earnings_group_id?: number | null;
  gender_group_id?: number | null;
  socialgrade_group_id?: number | null;
  ethnicity_group_id?: number | null;
  has_eyetracking: boolean;
  calibration_accuracy_px?: number | null;
  calibration_precision_px?: number | null;
  frame_rate?: number | null;
  connection_speed_kbps?: number | null;
  status: ParticipantStatus;
  is_test: boolean;
  /** What the gaze samples are: 'webcam' eye tracking, 'mouse' (the cursor as gaze), 'simulated'; absent: not said. */
  gaze_source?: 'webcam' | 'mouse' | 'simulated' | null;
  /** The version of the study's consent text the respondent agreed to (issue 41); null: attested without one of our texts. */
  consent_version?: number | null;
  /** When the respondent agreed (ISO 8601); null or absent: no consent recorded. */
  consented_at?: string | null;
}

export interface SessionBody {
  study_id: number;
  session_id: string;
  participant: SessionParticipant;
  steps: SessionStep[];
}

/** Checks what does not depend on the steps (the steps are checked one by one as they are written). Throws InvalidInput. */
export function checkParticipant(ctx: StudyContext, p: SessionParticipant): void {
  if (!ctx.cells.includes(p.cell_id)) throw invalidField('participant.cell_id', `Unknown cell ${p.cell_id} for study ${ctx.studyId}`);
  if (p.panel_id != null && !ctx.panels.includes(p.panel_id)) throw invalidField('participant.panel_id', `Unknown panel ${p.panel_id} for study ${ctx.studyId}`);
  for (const kind of DEMOGRAPHIC_KINDS) {
    const field = demographicColumn(kind);
    const v = p[field];
    if (v != null && !LOOKUPS[kind].some(([id]) => id === v)) throw invalidField(`participant.${field}`, `Unknown ${kind} ${v}`);
  }
}

/**
 * Checks one step against the study and the participant, before anything is written: the step is
 * one of the participant's cell; each stim belongs to the study, to the step when the step places
 * its stims (its own stim or its page placements), and appears once; viewability intervals lie
 * inside the page dwell; gaze samples are in time order, inside the page dwell and at most
 * MAX_SAMPLE_HZ over it. Throws InvalidInput naming the first bad field.
 */
export function checkStep(ctx: StudyContext, p: SessionParticipant, s: SessionStep, index: number): void {
  const field = `steps.${index}`;
  const st = ctx.steps.get(s.step_id);
  if (!st) throw invalidField(`${field}.step_id`, `Unknown step ${s.step_id} for study ${ctx.studyId}`);
  if (st.cellId !== p.cell_id) throw invalidField(`${field}.step_id`, `Step ${s.step_id} is not a step of cell ${p.cell_id}`);
  const placed = new Set<number>([...(st.stimId ? [st.stimId] : []), ...st.placements.map((pl) => pl.stimId)]);
  const dwell = s.page_dwell_ms;
  const seen = new Set<number>();
  for (const [xi, e] of s.stims.entries()) {
    const stimField = `${field}.stims.${xi}`;
    if (!ctx.stims.has(e.stim_id)) throw invalidField(`${stimField}.stim_id`, `Unknown stim ${e.stim_id} for study ${ctx.studyId}`);
    if (placed.size && !placed.has(e.stim_id)) throw invalidField(`${stimField}.stim_id`, `Stim ${e.stim_id} is not shown by step ${s.step_id}`);
    if (seen.has(e.stim_id)) throw invalidField(`${stimField}.stim_id`, `Stim ${e.stim_id} appears twice in step ${s.step_id}`);
    seen.add(e.stim_id);
    for (const [k, v] of e.viewability.entries()) {
      const vField = `${stimField}.viewability.${k}`;
      if (v.end_ms < v.start_ms) throw invalidField(`${vField}.end_ms`, 'must not be before start_ms');
      if (v.end_ms > dwell) throw invalidField(`${vField}.end_ms`, `must not be after the page dwell (${dwell} ms)`);
    }
  }
  const gaze = s.gaze ?? [];
  // One sample per frame at most MAX_SAMPLE_HZ over the dwell (the first one at t = 0 included).
  const most = Math.floor((dwell * MAX_SAMPLE_HZ) / 1000) + 1;
  if (gaze.length > most) throw invalidField(`${field}.gaze`, `${gaze.length} samples over ${dwell} ms is more than ${MAX_SAMPLE_HZ} Hz (at most ${most})`);
  for (const [gi, g] of gaze.entries()) {
    if (g[0] > dwell) throw invalidField(`${field}.gaze.${gi}`, `sample time ${g[0]} ms is after the page dwell (${dwell} ms)`);
    if (gi > 0 && g[0] < gaze[gi - 1][0]) throw invalidField(`${field}.gaze.${gi}`, 'samples must be in time order');
  }
}

/** Everything about a session that can be checked before writing (answers are checked as they are written). */
export function checkSession(ctx: StudyContext, body: SessionBody): void {
  checkParticipant(ctx, body.participant);
  const seen = new Set<number>();
  for (const [i, s] of body.steps.entries()) {
    checkStep(ctx, body.participant, s, i);
    if (seen.has(s.step_id)) throw invalidField(`steps.${i}.step_id`, `Step ${s.step_id} appears twice`);
    seen.add(s.step_id);
  }
}
