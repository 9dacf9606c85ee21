// My Validations (spec document 3 §2.16, resolution 23): real run-through records of the acting
// company's studies — automated run-throughs ordered from the overview, the order confirmation or
// this list (orderRunThrough in contract/study.ts), and the sessions taken on their test links —
// never sample rows.
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, IntLike, Nullable, STUDY_ROLES, Text } from './common.js';
import { VALIDATION_SORT_KEYS, type ValidationSortKey, VALIDATION_PAGE_SIZE, VALIDATION_STATUSES, type ValidationStatus, VALIDATION_PAGE_SIZES } from './values/validations.js';
export * from './values/validations.js';

declare module './common.js' {
  interface AreaTags { validations: true }
}
const TAG = areaTag('validations');

export const CHECK_STATUSES = ['passed', 'failed'] as const;
const CheckStatus = Type.Unsafe<(typeof CHECK_STATUSES)[number]>({ type: 'string', enum: [...CHECK_STATUSES] });
/** One step of a cell as an automated run-through saw it (issue 22 item 7). */
export const RunThroughStepCheck = Type.Object({
  position: Type.Integer({ minimum: 1, description: "The step's place in the cell, from 1" }),
  step_id: Nullable(Id()),
  type: Type.String(),
  name: Type.String(),
  status: CheckStatus,
  reason: Nullable(Type.String({ description: "Why it failed, e.g. 'did not render'" })),
});
export const RunThroughCellCheck = Type.Object({
  cell_id: Id(),
  cell_name: Type.String(),
  status: CheckStatus,
  reason: Nullable(Type.String({ description: "The cell's first failure: a step's, the link's, the redirect's or the stored session's" })),
  steps: Type.Array(RunThroughStepCheck),
  refused_requests: Type.Optional(Type.Array(Type.Object({
    target: Type.String({ description: "'http://host:port/path' (no query), or 'host:port' for a tunnel (https, WebSockets)" }),
    reason: Type.String({ description: "Why, e.g. 'The address is private or local'" }),
    count: Type.Integer({ minimum: 1, description: 'How many times it was tried' }),
  }), { description: "Requests of the study's content (stims, VAST, cached and embedded pages, their frames and workers) that the run-through's address policy refused: only public addresses and this server's own origins are reached (issue 36). They do not fail the cell. At most 50 different targets; absent on runs before the policy" })),
  refused_total: Type.Optional(Type.Integer({ minimum: 0, description: 'Every refused request, including those beyond the listed 50' })),
});
export type RunThroughCellCheck = Static<typeof RunThroughCellCheck>;

export const VALIDATION_KINDS = ['run_through', 'test_session'] as const;
export const ValidationView = Type.Object({
  id: Id({ description: 'Unique within its kind' }),
  kind: Type.Unsafe<(typeof VALIDATION_KINDS)[number]>({ type: 'string', enum: [...VALIDATION_KINDS], description: 'run_through: an ordered automated run-through; test_session: a session a respondent took on the study\'s test link' }),
  study_id: Id(),
  study_name: Type.String(),
  executed_by: Nullable(Type.String({ description: "Who ordered it (e-mail or username); a test session: 'Test link: {respondent reference}'" })),
  date: Type.String({ description: 'ISO 8601: when it was ordered (a test session: when it was stored)' }),
  status: Type.Unsafe<ValidationStatus>({ type: 'string', enum: [...VALIDATION_STATUSES], description: 'A test session: passed when it completed' }),
  result: Nullable(Type.String({ description: "The failing step and reason when failed, e.g. 'Screened out after step 3 (Survey)'" })),
  is_test: Type.Boolean(),
  cells: Type.Optional(Type.Array(RunThroughCellCheck, { description: 'A finished run-through: per cell and per step, passed or failed with the reason' })),
});
export type ValidationView = Static<typeof ValidationView>;

export const ValidationQuery = Type.Object({
  search: Type.Optional(Text(100)),
  status: Type.Optional(Type.Unsafe<ValidationStatus>({ type: 'string', enum: [...VALIDATION_STATUSES], description: 'Only run-throughs with this result (the filter icon)' })),
  order_by: Type.Optional(Type.Unsafe<ValidationSortKey>({ type: 'string', enum: [...VALIDATION_SORT_KEYS], default: 'Date' })),
  direction: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'], default: 'desc' })),
  page_num: Type.Optional(IntLike(1, { default: 1 })),
  results_per_page: Type.Optional(Type.Unsafe<number | string>({ enum: [...VALIDATION_PAGE_SIZES, ...VALIDATION_PAGE_SIZES.map(String)], default: VALIDATION_PAGE_SIZE })),
});
export type ValidationQuery = Static<typeof ValidationQuery>;
export const ValidationListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ValidationView),
  total: Type.Integer(),
  page_num: Type.Integer(),
  total_pages: Type.Integer(),
});
export type ValidationListResponse = Static<typeof ValidationListResponse>;

export const listValidations = defineOperation({
  tags: [TAG], access: 'read', roles: STUDY_ROLES, method: 'GET', operationId: 'listValidations', path: '/v1.0/validations',
  querystring: ValidationQuery,
  summary: "Run-throughs of the acting company's studies: searched, sorted (Executed_by, Date, Result), paged (5)",
  response: { 200: ValidationListResponse },
});

export const operations = { listValidations };
