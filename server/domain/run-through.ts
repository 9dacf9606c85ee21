// The bookkeeping of an automated run-through (issue 22 item 7): per cell and per step, passed or
// failed with the reason, and the run's overall status and one-line result. Pure: the job
// (jobs/run-through.ts) records what it saw here and stores what this answers.

export type CheckStatus = 'passed' | 'failed';

export interface StepCheck {
  /** 1-based, the step's place in the cell. */
  position: number;
  step_id: number | null;
  type: string;
  name: string;
  status: CheckStatus;
  reason: string | null;
}

export interface CellCheck {
  cell_id: number;
  cell_name: string;
  status: CheckStatus;
  /** Why the cell failed outside its steps (no start, no redirect, not stored as a test session), or its first failing step's. */
  reason: string | null;
  steps: StepCheck[];
}

export interface RunOutcome {
  status: CheckStatus;
  /** null when passed; else the first failure, e.g. 'Cell A, step 3 (Stim): did not render'. */
  result: string | null;
  cells: CellCheck[];
}

/** A cell being checked: steps are added as they are seen, failures keep their first reason. */
export class CellRecorder {
  private readonly steps: StepCheck[] = [];
  private failure: string | null = null;

  constructor(readonly cellId: number, readonly cellName: string) {}

  pass(step: Omit<StepCheck, 'status' | 'reason'>): void {
    this.steps.push({ ...step, status: 'passed', reason: null });
  }

  failStep(step: Omit<StepCheck, 'status' | 'reason'>, reason: string): void {
    this.steps.push({ ...step, status: 'failed', reason });
    this.failure ??= `step ${step.position}${step.name ? ` (${step.name})` : ` (${step.type})`}: ${reason}`;
  }

  /** A failure of the cell as a whole (the link, the delivery, the redirect). */
  fail(reason: string): void {
    this.failure ??= reason;
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  done(): CellCheck {
    return { cell_id: this.cellId, cell_name: this.cellName, status: this.failure ? 'failed' : 'passed', reason: this.failure, steps: [...this.steps] };
  }
}

/**
 * The run's outcome: passed only when there was at least one cell and every cell passed (a study
 * with no cells has nothing to run through: failed, never an empty pass).
 */
export function runOutcome(cells: CellCheck[], runFailure?: string | null): RunOutcome {
  if (runFailure) return { status: 'failed', result: runFailure, cells };
  if (!cells.length) return { status: 'failed', result: 'The study has no cells to run through', cells };
  const bad = cells.find((c) => c.status === 'failed');
  return bad ? { status: 'failed', result: `Cell ${bad.cell_name}, ${bad.reason ?? 'failed'}`, cells } : { status: 'passed', result: null, cells };
}
