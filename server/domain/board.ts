// The board's rules the services apply (issue 12). The contract (contract/board.ts) states the same
// numbers and words for the API and the SDK; server/test/routes/board.test.ts checks they agree.

export const STEP_TYPES = [
  'instruction', 'validation', 'calibration', 'command', 'stim', 'cache', 'embedded', 'external', 'question',
] as const;
export type StepType = (typeof STEP_TYPES)[number];
export type OptionType = Exclude<StepType, 'validation' | 'calibration'>;

export const CELL_NAME_MAX = 100;
export const SHORT_NAME_MAX = 20;
export const MAX_STEPS_PER_CELL = 200;
export const MAX_CELLS_PER_STUDY = 100;
export const LOCKED_MESSAGE = 'The study is locked: unlock it before changing cells or steps';

/** '{cellName} Copy {n}' (checklist D2-106, resolution 20), cut so the names keep their limits. */
export function duplicateNames(name: string, shortName: string, n: number): { name: string; shortName: string } {
  const suffix = ` Copy ${n}`;
  const shortSuffix = `-${n}`;
  return {
    name: name.slice(0, CELL_NAME_MAX - suffix.length) + suffix,
    shortName: shortName.slice(0, SHORT_NAME_MAX - shortSuffix.length) + shortSuffix,
  };
}

/**
 * Collected data is never removed by a design change (docs/decisions.md "Design changes never
 * destroy collected data"): the reason a data-bearing step cannot be deleted. The contract states
 * the same words (contract/board.ts stepHasDataMessage).
 */
export const stepHasDataMessage = (name: string, sessions: number) =>
  `The step '${name}' holds data from ${sessions} counted session${sessions === 1 ? '' : 's'}: deleting it would remove that data from the reports. Steps with collected data cannot be deleted; add a new step instead.`;
