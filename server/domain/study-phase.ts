// Which phase the facts put a study in, and whether it may be launched (spec document 2 §4.1;
// rules in docs/api.md "Study phases"). Phases only move forward: the answer is never below the
// current phase. Data collection starts by the researcher's launch (or, for sessions sent through
// the collection API, at the first live session); analysis and completion follow the researcher's
// decisions (a super user's advance, Complete study), never a planned date passing.
export interface PhaseFacts {
  cellCount: number;
  cellsWithSteps: number;
  panelCount: number;
  /** Executed run-throughs plus test sessions. */
  qaRuns: number;
  /** Actual start of fieldwork: the first counted live session, or null. */
  firstLiveSession: Date | null;
}

/** Set-up is done when every cell has steps and the study has a panel. */
export const setupDone = (f: PhaseFacts) => f.cellCount > 0 && f.cellsWithSteps === f.cellCount && f.panelCount > 0;

export function phaseFromFacts(current: number, f: PhaseFacts): number {
  if (current >= 3) return current;
  let phase = current;
  // Quality assurance: the study is set up and a run-through or test session has run.
  if (phase < 2 && setupDone(f) && f.qaRuns > 0) phase = 2;
  // Data collection: counted live sessions arrived (the collection API does not wait for a launch).
  if (phase < 3 && f.firstLiveSession) phase = 3;
  return Math.max(phase, current);
}

/** Phase names by id (the same list as contract/study.ts PHASES, which the server may not import here). */
export const PHASE_NAMES: Record<number, string> = {
  1: 'Setup', 2: 'Quality Assurance', 3: 'Data Collection', 4: 'Analysis & Reporting', 5: 'Study Complete',
};

// ---- launch ---------------------------------------------------------------------------------------

export interface LaunchFacts {
  /** Cells by name, in board order, with how many steps each holds. */
  cells: { name: string; steps: number }[];
  panelCount: number;
  /** Run-throughs that passed plus test sessions stored as complete. */
  passedTests: number;
}

export const LAUNCH_CHECK_IDS = ['cells', 'steps', 'panel', 'test_run'] as const;
export type LaunchCheckId = (typeof LAUNCH_CHECK_IDS)[number];
export interface LaunchCheck { id: LaunchCheckId; label: string; passed: boolean; message: string | null }

/** Launch checks, word for word as the overview lists them (contract/study.ts LAUNCH_CHECK_MESSAGES mirrors them). */
export const LAUNCH_LABELS: Record<LaunchCheckId, string> = {
  cells: 'The study has at least one cell',
  steps: 'Every cell has steps',
  panel: 'A panel exists',
  test_run: 'A test run passed',
};

/** Every check the phase rules know, each with why it is unmet. */
export function launchChecks(f: LaunchFacts): LaunchCheck[] {
  const empty = f.cells.filter((c) => c.steps === 0).map((c) => `'${c.name}'`);
  const check = (id: LaunchCheckId, passed: boolean, message: string): LaunchCheck => ({ id, label: LAUNCH_LABELS[id], passed, message: passed ? null : message });
  return [
    check('cells', f.cells.length > 0, 'Add a cell to the study'),
    check('steps', f.cells.length > 0 && empty.length === 0, empty.length
      ? `${empty.length === 1 ? 'Cell' : 'Cells'} ${empty.join(', ')} ${empty.length === 1 ? 'has' : 'have'} no steps`
      : 'Add a cell with steps'),
    check('panel', f.panelCount > 0, 'Add a panel in Edit audience'),
    check('test_run', f.passedTests > 0, 'Run the study through once: a passed run-through or a completed test session'),
  ];
}
