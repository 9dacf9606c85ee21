// What a respondent session of one study is checked against and simulated from: cells, panels,
// steps, stims, AOIs, questions and quality thresholds. Loaded by repositories/ingest.ts
// (loadStudyContext); read by ingestion (services/ingest.ts) and the simulator.
import type { AoiShape } from './summarize.js';

export interface StudyStep {
  id: number;
  cellId: number;
  position: number;
  stepType: string;
  stimId: number | null;
  questionGroupId: number | null;
  /** Stims placed on a cache / embedded page (page px). */
  placements: { stimId: number; x: number; y: number }[];
}

export interface StudyStim {
  id: number;
  name: string;
  stimType: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

export interface StudyQuestion {
  id: number;
  groupId: number;
  formattedType: string;
  position: number;
  /** answer option id → text, in position order */
  options: Map<number, string>;
}

/** Everything a session of one study is validated against, loaded once per session (or once per study by the simulator). */
export interface StudyContext {
  studyId: number;
  companyId: number;
  collectionKeyHash: string | null;
  participantsRequested: number;
  environmentId: number | null;
  live: boolean;
  completed: boolean;
  phaseId: number;
  /** The actual fieldwork start is recorded (study.data_collection_start): ingestion need not write it. */
  fieldworkStarted?: boolean;
  preAssignQuestionGroupId: number | null;
  /** The study's quality thresholds (null = not set); reports exclude respondents outside them. */
  quality: {
    minConnectionSpeed: number | null;
    minCalibrationFrameRate: number | null;
    maxAccuracy: number | null;
    maxPrecision: number | null;
    minDwellMs: number | null;
    maxDwellMs: number | null;
  };
  /** cell ids in position order */
  cells: number[];
  panels: number[];
  steps: Map<number, StudyStep>;
  stims: Map<number, StudyStim>;
  /** AOIs when the context was loaded (the simulator aims gaze at them); ingestion reads them afresh. */
  aois: Map<number, AoiShape[]>;
  questions: Map<number, StudyQuestion>;
}
