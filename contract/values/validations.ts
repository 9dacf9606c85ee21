// TypeBox-free values of contract/validations.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../validations.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

export const VALIDATION_SORT_KEYS = ['Executed_by', 'Date', 'Result'] as const;
export type ValidationSortKey = (typeof VALIDATION_SORT_KEYS)[number];
export const VALIDATION_PAGE_SIZE = 5;
export const VALIDATION_STATUSES = ['queued', 'running', 'passed', 'failed'] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];
export const VALIDATION_PAGE_SIZES = [5, 10, 25] as const;
/** Word for word (spec document 3 §2.16). */
export const VALIDATION_SEARCH_PLACEHOLDER = 'Search study validations...';
export const ORDER_NOT_ALLOWED = 'Only super users can order a run-through';
