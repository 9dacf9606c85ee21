// The cell and step board (server/routes/board; spec document 2 §2.3, §3.7, §4.3, §5, §7.2):
// cells with their ordered steps, the options each step type offers, creating, editing, ordering
// and deleting steps and cells, the study's edit lock, and cache-page orders. Study content:
// STUDY_ROLES. Every change is refused with 409 while the study is locked (allow_step_editing
// false), not only hidden in the UI.
import { Type, type Static } from 'typebox';
import {
  areaTag, Binary, defineOperation, Id, ID_PATTERN, IdParam, Int4, IntLike, Nullable, Ok, STUDY_ROLES, StudyParams, Text,
} from './common.js';
import { SignatureQuery } from './files.js';
import { CELL_NAME_MAX, SHORT_NAME_MAX, STEP_SECONDS_MAX, PAGE_NAME_MAX, URL_MAX, MEMBER_INSERT_MAX, MAX_STEPS_PER_CELL, MAX_CELLS_PER_STUDY, STEP_TYPES, type StepType, OPTION_TYPES, type OptionType } from './values/board.js';
export * from './values/board.js';

declare module './common.js' {
  interface AreaTags {
    board: true;
  }
}
const tags = [areaTag('board')] as const;

const StepTypeSchema = Type.Unsafe<StepType>({ type: 'string', enum: [...STEP_TYPES], description: STEP_TYPES.join(' | ') });
const OptionTypeSchema = Type.Unsafe<OptionType>({ type: 'string', enum: [...OPTION_TYPES], description: OPTION_TYPES.join(' | ') });
const Seconds = Type.Number({ minimum: 0, maximum: STEP_SECONDS_MAX });

// ---- overview ----------------------------------------------------------------------------------------

export const StepDetails = Type.Object({
  seconds_before_show_next: Seconds,
  seconds_before_move_next: Seconds,
  next_type_id: Nullable(Id()),
  next_type: Nullable(Type.String({ description: 'The next-button type description' })),
  item_id: Nullable(Id({ description: 'The instruction, stim, page, question group or command the step shows' })),
  url: Nullable(Type.String({ description: 'External / embedded page address; cache page original address' })),
});
export type StepDetails = Static<typeof StepDetails>;

export const BoardStep = Type.Object({
  step_order_id: Id({ description: 'The placement id (what reorder, edit and delete name)' }),
  index: Int4({ description: '0-based position in the cell' }),
  step_type: Type.String({ description: "The label the legacy client colours and heads the card by: 'Stim Step', 'Cache Page Step', … (= step_type_label; the type code is step_kind)" }),
  step_kind: StepTypeSchema,
  step_type_label: Type.String({ description: "'Stim Step', 'Cache Page Step', …" }),
  step_name: Type.String(),
  step_details: Type.String({ description: "One line of text the legacy client prints on the card: the page address of an external, embedded or cache page step, else the step's name (the settings are step_settings)" }),
  step_settings: StepDetails,
  seconds_before_show_next: Seconds,
  seconds_before_move_next: Seconds,
  next_type_id: Nullable(Id()),
});
export type BoardStep = Static<typeof BoardStep>;

export const BoardCell = Type.Object({
  cell_id: Id(),
  cell_name: Type.String({ description: 'The long name' }),
  short_name: Type.String(),
  index: Int4({ description: "0-based position in the study (the colour bar's palette index)" }),
  step_data: Type.Array(BoardStep, { description: 'In order' }),
});
export type BoardCell = Static<typeof BoardCell>;

export const BoardOverview = Ok({
  allow_step_editing: Type.Boolean({ description: 'false: the study is locked and every change answers 409' }),
  live: Type.Boolean({ description: 'The study is collecting data (the board asks before unlocking it)' }),
  completed: Type.Boolean(),
  counted_sessions: Int4({ description: 'Real, complete sessions the study holds: steps that hold their data cannot be deleted' }),
  study_id: Id(),
  study_name: Type.String(),
  data: Type.Array(BoardCell, { description: 'Cells in order (the legacy client reads data[].cell_id, cell_name, short_name, step_data[].step_order_id, step_type as a label, step_name, step_details as text)' }),
});
export type BoardOverview = Static<typeof BoardOverview>;

export const stepsOverview = defineOperation({
  operationId: 'boardOverview',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/overview',
  summary: "The study's cells with their ordered steps, and whether editing is allowed",
  tags,
  access: 'read',
  roles: STUDY_ROLES,
  params: StudyParams,
  optionalBody: true,
  body: Type.Object({}),
  response: { 200: BoardOverview },
  errors: [404],
});

// ---- step options --------------------------------------------------------------------------------

/**
 * One option of a step type. Every option has id and name; the rest depends on the type:
 * instruction {step_id, instruction_name}; cache {original_source, cached_source, status,
 * failure_reason}; question {text, comment}; external / embedded {url, member_insert}; stim {type,
 * adtype, media, width, height}; command nothing more.
 */
export const StepOption = Type.Object({
  id: Id(),
  name: Type.String(),
  step_id: Type.Optional(Id({ description: 'instruction: the instruction id (what steps/create takes)' })),
  instruction_name: Type.Optional(Type.String()),
  original_source: Type.Optional(Type.String()),
  cached_source: Type.Optional(Nullable(Type.String({ description: 'Signed snapshot URL, only for a sandboxed iframe' }))),
  status: Type.Optional(Type.String({ description: 'cache: pending | ready | failed' })),
  failure_reason: Type.Optional(Nullable(Type.String())),
  text: Type.Optional(Type.String()),
  comment: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  member_insert: Type.Optional(Nullable(Type.String())),
  type: Type.Optional(Nullable(Type.String({ description: 'stim: stim type description' }))),
  adtype: Type.Optional(Nullable(Type.String())),
  media: Type.Optional(Nullable(Type.String())),
  width: Type.Optional(Nullable(Int4())),
  height: Type.Optional(Nullable(Int4())),
});
export type StepOption = Static<typeof StepOption>;

export const StepDetailBody = Type.Object({ step_type: OptionTypeSchema });
export type StepDetailBody = Static<typeof StepDetailBody>;
export const StepDetailResponse = Ok({ data: Type.Array(StepOption) });
export type StepDetailResponse = Static<typeof StepDetailResponse>;

export const stepDetail = defineOperation({
  operationId: 'boardStepOptions',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/step-detail',
  summary: 'What a step of the given type can show (instructions, cache pages, questions, pages, stims, commands)',
  description: "The acting company's items plus the product's shared instructions and question groups; stims of the company (not deleted), the study's own among them.",
  tags,
  access: 'read',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: StepDetailBody,
  response: { 200: StepDetailResponse },
  errors: [404],
});

// ---- step changes --------------------------------------------------------------------------------

const OptionalId = Type.Optional(Nullable(IntLike(1)));

export const CreateStepBody = Type.Object({
  cell_id: IntLike(1),
  step_type: StepTypeSchema,
  step_order: Type.Optional(Nullable(IntLike(0, { description: '0-based position of the new step; absent or past the end: last' }))),
  step_id: OptionalId,
  cache_page_id: OptionalId,
  stim_id: OptionalId,
  question_group_id: OptionalId,
  command_id: OptionalId,
  external_page_id: OptionalId,
  embedded_page_id: OptionalId,
  external_url: Type.Optional(Text(URL_MAX, { description: 'A new external / embedded item: its address (http, https, ftp; public hosts only)' })),
  member_insert: Type.Optional(Nullable(Text(MEMBER_INSERT_MAX, { description: 'A new item: the query parameter the participant id is inserted as' }))),
  name: Type.Optional(Text(PAGE_NAME_MAX, { description: 'A new item: its name' })),
});
export type CreateStepBody = Static<typeof CreateStepBody>;

export const createStep = defineOperation({
  operationId: 'boardCreateStep',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/create',
  summary: 'Adds a step to a cell',
  description: 'Type fields: instruction step_id; cache cache_page_id; stim stim_id; question question_group_id; command command_id; external external_page_id or a new item {external_url, member_insert, name}; embedded embedded_page_id or the same new item; validation and calibration nothing. 409 while the study is locked.',
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: CreateStepBody,
  response: { 200: Ok({ step_order_id: Id(), page_id: Type.Optional(Id({ description: 'The new external / embedded item' })) }) },
  errors: [404, 409],
});

export const StepRef = Type.Object({ step_order_id: IntLike(1) });
export type StepRef = Static<typeof StepRef>;

export const deleteStep = defineOperation({
  operationId: 'boardDeleteStep',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/delete',
  summary: 'Removes a step from its cell (the later steps move up)',
  description: "409 while the study is locked, and 409 with the reason when the step holds collected data (exposures of counted sessions, or a question step's answers from its cell): \"The step '{name}' holds data from {n} counted sessions: …\". Collected data is never deleted by a design change.",
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: StepRef,
  response: { 200: Ok({}) },
  errors: [404, 409],
});

export const EditStepBody = Type.Object({
  step_order_id: IntLike(1),
  seconds_before_show_next: Type.Optional(Nullable(Seconds)),
  seconds_before_move_next: Type.Optional(Nullable(Seconds)),
  next_type_id: Type.Optional(Nullable(IntLike(0, { description: 'An id of /dashboard/data/nextbuttontypes_list; 0 or null: none (the legacy client sends 0)' }))),
});
export type EditStepBody = Static<typeof EditStepBody>;

export const editStep = defineOperation({
  operationId: 'boardEditStep',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/edit',
  summary: "A step's timings (0–100 s; empty is 0) and next-button type",
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: EditStepBody,
  response: { 200: Ok({}) },
  errors: [404, 409],
});

export const OrderEntry = Type.Object({ index: IntLike(0, { description: 'New 0-based position (a number or its decimal string)' }), step_order_id: IntLike(1) });
export type OrderEntry = Static<typeof OrderEntry>;
/** Cell id → every step of that cell once, with its new index. */
export const ReorderBody = Type.Unsafe<Record<string, OrderEntry[]>>({
  type: 'object',
  patternProperties: { [ID_PATTERN]: Type.Array(OrderEntry, { maxItems: MAX_STEPS_PER_CELL }) },
  additionalProperties: false,
  minProperties: 1,
  maxProperties: MAX_CELLS_PER_STUDY,
  description: 'Cell id → [{index, step_order_id}] naming each step of that cell exactly once',
});
export type ReorderBody = Static<typeof ReorderBody>;

export const reorder = defineOperation({
  operationId: 'boardReorderSteps',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/overview/edit',
  summary: 'New step order of one or more cells, all or nothing',
  description: 'A list that names a step of another cell or study, leaves one out or names one twice is a 400 and changes nothing.',
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: ReorderBody,
  response: { 200: Ok({}) },
  errors: [404, 409],
});

export const ToggleBody = Type.Object({
  allow_step_editing: Type.Optional(Type.Boolean({ description: 'true unlocks, false locks; absent (the legacy client sends no body): toggles' })),
});
export const toggleEditing = defineOperation({
  operationId: 'boardToggleEditing',
  method: 'POST',
  path: '/v1.0/studies/:id/steps/overview/edit-toggle',
  summary: 'Unlocks or locks the study for cell and step changes (no body: toggles)',
  description: "Unlocking a study that is live, completed or holds counted sessions is recorded in the study's timeline (kind design_unlocked).",
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  optionalBody: true,
  body: ToggleBody,
  response: { 200: Ok({ allow_step_editing: Type.Boolean() }) },
  errors: [404],
});

// ---- cells ---------------------------------------------------------------------------------------

const CellName = Text(CELL_NAME_MAX, { minLength: 1, description: 'Long name, 1–100 characters' });
const ShortName = Text(SHORT_NAME_MAX, { minLength: 1, description: 'Short name, 1–20 characters' });

export const CreateCellBody = Type.Object({ cell_name: CellName, short_name: ShortName });
export type CreateCellBody = Static<typeof CreateCellBody>;
export const createCell = defineOperation({
  operationId: 'boardCreateCell',
  method: 'POST',
  path: '/v1.0/studies/:id/cells/create',
  summary: 'Adds an empty cell after the last one',
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: CreateCellBody,
  response: { 200: Ok({ cell_id: Id() }) },
  errors: [404, 409],
});

/** The legacy board's title edit sends {cell_id, cell_name} alone: a missing short name stays as it is. */
export const EditCellBody = Type.Object({ cell_id: IntLike(1), cell_name: CellName, short_name: Type.Optional(ShortName) });
export type EditCellBody = Static<typeof EditCellBody>;
export const editCell = defineOperation({
  operationId: 'boardEditCell',
  method: 'POST',
  path: '/v1.0/studies/:id/cells/edit',
  summary: "Renames a cell (long and short name)",
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: EditCellBody,
  response: { 200: Ok({}) },
  errors: [404, 409],
});

export const CellRef = Type.Object({ cell_id: IntLike(1) });
export type CellRef = Static<typeof CellRef>;
export const duplicateCell = defineOperation({
  operationId: 'boardDuplicateCell',
  method: 'POST',
  path: '/v1.0/studies/:id/cells/duplicate',
  summary: "Copies a cell with all its steps, named '{cellName} Copy {n}'",
  description: 'n counts duplicates per study on the server (1, 2, …). The copy goes last.',
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  params: StudyParams,
  body: CellRef,
  response: { 200: Ok({ cell_id: Id(), cell_name: Type.String(), short_name: Type.String() }) },
  errors: [404, 409],
});

// ---- cache pages ---------------------------------------------------------------------------------

export const CACHE_STATUSES = ['pending', 'ready', 'failed'] as const;
export const CachePage = Type.Object({
  id: Id(),
  name: Type.String(),
  original_source: Type.String(),
  cached_source: Nullable(Type.String({ description: 'Signed snapshot URL for a sandboxed iframe, when ready' })),
  status: Type.Unsafe<(typeof CACHE_STATUSES)[number]>({ type: 'string', enum: [...CACHE_STATUSES] }),
  failure_reason: Nullable(Type.String()),
  job_id: Nullable(Id()),
});
export type CachePage = Static<typeof CachePage>;

export const CacheOrderBody = Type.Object({
  url: Text(URL_MAX, { description: 'http or https address of a public page' }),
  name: Text(PAGE_NAME_MAX, { minLength: 1 }),
});
export type CacheOrderBody = Static<typeof CacheOrderBody>;

export const orderCachePage = defineOperation({
  operationId: 'orderCachePage',
  method: 'POST',
  path: '/v1.0/cachepages/order',
  summary: 'Orders a cached copy of a web page (fetched by a background job)',
  description: "Answers at once with status 'pending' and the job id; the job fetches the page (size and time limits, public addresses only, after DNS and every redirect), stores the snapshot and marks the page ready or failed with the reason.",
  tags,
  access: 'write',
  roles: STUDY_ROLES,
  body: CacheOrderBody,
  response: { 200: Ok({ data: CachePage, cache_page_id: Id() }) },
});

export const getCachePage = defineOperation({
  operationId: 'getCachePage',
  method: 'GET',
  path: '/v1.0/cachepages/:id',
  summary: 'One cache page of the acting company, with its fetch status',
  tags,
  access: 'read',
  roles: STUDY_ROLES,
  params: Type.Object({ id: IdParam({ description: 'Cache page id' }) }),
  response: { 200: Ok({ data: CachePage }) },
  errors: [404],
});

/** Snapshots are served outside /v1.0 with a signature (an iframe sends no token). */
export const SNAPSHOT_PREFIX = '/snapshots/cache';
export const snapshot = defineOperation({
  operationId: 'cachePageSnapshot',
  method: 'GET',
  path: '/snapshots/cache/:id',
  summary: 'A cache page snapshot (files origin only), by signed URL, for a sandboxed iframe only',
  description: "Served by the files origin (FILES_ORIGIN), never the dashboard's. Answered with Content-Security-Policy: sandbox (no scripts, an opaque origin) and framable by the product's own pages only; a browser asking for it as anything but an iframe (Sec-Fetch-Dest) gets 403.",
  tags,
  access: 'read',
  roles: ['signed_url'],
  params: Type.Object({ id: IdParam({ description: 'Cache page id' }) }),
  querystring: SignatureQuery,
  response: { 200: Binary('text/html', 'The stored snapshot') },
  errors: [403, 404],
  hidden: true,
});

/** Served by the files origin only (server/files-origin.ts), so not among the API's operations. */
export const filesOriginOperations = { snapshot };

export const operations = {
  stepsOverview, stepDetail, createStep, deleteStep, editStep, reorder, toggleEditing,
  createCell, editCell, duplicateCell, orderCachePage, getCachePage,
};
