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

/** A request of the played study that the run-through's address policy refused (issue 36). */
export interface RefusedRequest {
  /** 'http://host:port/path' (no query), or 'host:port' for a tunnel (https, WebSockets). */
  target: string;
  reason: string;
  /** How many times it was tried. */
  count: number;
}

/** At most this many different refused targets are kept per cell (refused_total counts them all). */
export const REFUSED_KEPT = 50;

export interface CellCheck {
  cell_id: number;
  cell_name: string;
  status: CheckStatus;
  /** Why the cell failed outside its steps (no start, no redirect, not stored as a test session), or its first failing step's. */
  reason: string | null;
  steps: StepCheck[];
  /**
   * Requests of the study's content (stims, VAST, cached and embedded pages, their frames and
   * workers) to private or local addresses, refused and not sent. They do not fail the cell:
   * respondents' browsers would send them to their own networks, never the server's.
   */
  refused_requests: RefusedRequest[];
  /** Every refused request, including those beyond the kept list. */
  refused_total: number;
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
  private readonly refusals: RefusedRequest[] = [];
  private refusedTotal = 0;

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

  /** A request the address policy refused (the same target and reason are counted once, with a count). */
  refused(r: { target: string; reason: string }): void {
    this.refusedTotal++;
    const same = this.refusals.find((x) => x.target === r.target && x.reason === r.reason);
    if (same) same.count++;
    else if (this.refusals.length < REFUSED_KEPT) this.refusals.push({ target: r.target, reason: r.reason, count: 1 });
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  done(): CellCheck {
    return {
      cell_id: this.cellId, cell_name: this.cellName, status: this.failure ? 'failed' : 'passed', reason: this.failure, steps: [...this.steps],
      refused_requests: this.refusals.map((r) => ({ ...r })), refused_total: this.refusedTotal,
    };
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
