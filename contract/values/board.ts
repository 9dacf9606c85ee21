// TypeBox-free values of contract/board.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../board.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

// ---- limits and words (spec document 2 §5, §9) -----------------------------------------------------

export const CELL_NAME_MAX = 100;
export const SHORT_NAME_MAX = 20;
export const STEP_SECONDS_MAX = 100;
export const PAGE_NAME_MAX = 255;
export const URL_MAX = 2048;
export const MEMBER_INSERT_MAX = 100;
/** Steps one cell may hold, and cells one study may hold (sanity bounds, not spec rules). */
export const MAX_STEPS_PER_CELL = 200;
export const MAX_CELLS_PER_STUDY = 100;
export const LOCKED_MESSAGE = 'The study is locked: unlock it before changing cells or steps';
export const INVALID_URL_MESSAGE = 'Please enter a valid URL';
/** 409 of steps/delete for a step that holds collected data (server/domain/board.ts says the same). */
export const stepHasDataMessage = (name: string, sessions: number) =>
  `The step '${name}' holds data from ${sessions} counted session${sessions === 1 ? '' : 's'}: deleting it would remove that data from the reports. Steps with collected data cannot be deleted; add a new step instead.`;

/** Every step type a cell can hold (step_type). */
export const STEP_TYPES = [
  'instruction', 'validation', 'calibration', 'command', 'stim', 'cache', 'embedded', 'external', 'question',
] as const;
export type StepType = (typeof STEP_TYPES)[number];
/** The types whose options steps/step-detail lists (validation and calibration need none). */
export const OPTION_TYPES = ['instruction', 'cache', 'question', 'external', 'embedded', 'stim', 'command'] as const;
export type OptionType = (typeof OPTION_TYPES)[number];

/** 'Cache Page Step', 'Stim Step', … (spec document 2 §2.3). */
export const STEP_TYPE_LABELS: Record<StepType, string> = {
  instruction: 'Instruction Step', validation: 'Validation Step', calibration: 'Calibration Step',
  command: 'Command Step', stim: 'Stim Step', cache: 'Cache Page Step', embedded: 'Embedded Step',
  external: 'External Step', question: 'Question Step',
};
