// A respondent session as the collector sends it (POST /v1.0/collect/session) and the simulator
// generates it, and the checks that depend only on the study's context. Storing one is
// services/ingest.ts.
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
