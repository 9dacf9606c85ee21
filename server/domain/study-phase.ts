// Which phase the facts put a study in (spec document 2 §4.1; rules in docs/api.md "Study
// phases"). Phases only move forward: the answer is never below the current phase, and phase 5
// (Study Complete) is reached only by completing the study, never by facts.
export interface PhaseFacts {
  cellCount: number;
  cellsWithSteps: number;
  panelCount: number;
  /** Executed run-throughs plus test sessions. */
  qaRuns: number;
  firstLiveSession: Date | null;
  /** End of fieldwork (actual, else proposed), or null while open. */
  fieldworkEnd: Date | null;
}

/** Set-up is done when every cell has steps and the study has a panel. */
export const setupDone = (f: PhaseFacts) => f.cellCount > 0 && f.cellsWithSteps === f.cellCount && f.panelCount > 0;

export function phaseFromFacts(current: number, f: PhaseFacts, now: Date): number {
  if (current >= 5) return current;
  let phase = current;
  // Quality assurance: the study is set up and a run-through or test session has run.
  if (phase < 2 && setupDone(f) && f.qaRuns > 0) phase = 2;
  // Data collection: from the first live session on.
  if (phase < 3 && f.firstLiveSession) phase = 3;
  // Analysis: once data was collected and fieldwork has ended.
  if (phase === 3 && f.fieldworkEnd && f.fieldworkEnd.getTime() <= now.getTime()) phase = 4;
  return Math.max(phase, current);
}

/** Phase names by id (the same list as contract/study.ts PHASES, which the server may not import here). */
export const PHASE_NAMES: Record<number, string> = {
  1: 'Setup', 2: 'Quality Assurance', 3: 'Data Collection', 4: 'Analysis & Reporting', 5: 'Study Complete',
};
