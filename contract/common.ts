// Pieces every API area shares: the operation helper, the error envelope, ids, bounded integers,
// safe text, nullability and the demographic-filter model. Pure schemas: this folder imports
// nothing of ours except other contract files (server and SDK both read it).
import { Type, type Static, type TSchema } from 'typebox';
import type { ReportType } from './values/common.js';
export * from './values/common.js';

// ---- scalars -------------------------------------------------------------------------------------

/** PostgreSQL int4: every integer column and id. */
export const INT4_MAX = 2147483647;

/**
 * 1 … 2147483647 written in plain decimal: no sign, no leading zero, no space, no exponent, no
 * "0x", no fraction. Path and query ids are strings matched by this pattern (never Type.Integer
 * alone: fastify's query/params conversion turns "0x2b", "043" and "43.0" into 43 first).
 */
export const ID_PATTERN =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}' +
  '|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';
/** The same range plus "0" (lookup filters where 0 means "all"). */
export const ID_OR_ZERO_PATTERN = ID_PATTERN.replace('^(?:', '^(?:0|');
/**
 * Text without NUL bytes or lone UTF-16 surrogates (PostgreSQL refuses both). Works with and
 * without the regular expression's u flag: a pair is one code point (u) or the second branch.
 */
export const TEXT_PATTERN = '^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';

/** What the error handler says instead of "must match pattern …" (keyed by pattern). */
export const PATTERN_MESSAGES: Record<string, string> = {
  [ID_PATTERN]: `must be a decimal integer from 1 to ${INT4_MAX}`,
  [ID_OR_ZERO_PATTERN]: `must be a decimal integer from 0 to ${INT4_MAX}`,
  [TEXT_PATTERN]: 'must not contain NUL bytes or unpaired surrogates',
};

type Annotations = { description?: string; default?: unknown; examples?: unknown[] };

/** A database id inside a JSON body: an integer 1 … int4 (JSON bodies are never coerced). */
export const Id = (opts: Annotations = {}) => Type.Integer({ minimum: 1, maximum: INT4_MAX, ...opts });
/** A database id in a path or query string: a decimal string (see ID_PATTERN); Number() it. */
export const IdParam = (opts: Annotations = {}) => Type.String({ pattern: ID_PATTERN, ...opts });
/** A query filter id where "0" means all. */
export const IdOrZeroParam = (opts: Annotations = {}) => Type.String({ pattern: ID_OR_ZERO_PATTERN, ...opts });
/**
 * An integer the legacy client may send as a decimal string ("10"): a JSON integer min … int4, or
 * a string of the same range in plain decimal. Number() it.
 */
export const IntLike = (min: 0 | 1, opts: Annotations = {}) => Type.Union([
  Type.Integer({ minimum: min, maximum: INT4_MAX }),
  Type.String({ pattern: min ? ID_PATTERN : ID_OR_ZERO_PATTERN }),
], opts);
/** An integer bounded to an int4 column (min defaults to 0). */
export const Int4 = (opts: Annotations & { minimum?: number; maximum?: number } = {}) =>
  Type.Integer({ minimum: 0, maximum: INT4_MAX, ...opts });
/** Free text of at most `max` characters, without NUL bytes or lone surrogates. */
export const Text = (max: number, opts: Annotations & { minLength?: number } = {}) =>
  Type.String({ maxLength: max, pattern: TEXT_PATTERN, ...opts });

/**
 * `T | null`. Primitives become a JSON-schema type array (`["string","null"]`, valid in OpenAPI
 * 3.1 and cheap to serialise); anything else an anyOf.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const s = schema as unknown as { type?: unknown };
  if (typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...(schema as object), type: [s.type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
}

/** An object keyed by free strings (AOI tags, norm ids): `additionalProperties`, as OpenAPI writes it. */
export const Dict = <T extends TSchema>(value: T, opts: Annotations = {}) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value, ...opts });

/** A non-JSON success body (a file, a PNG): documented per media type, never serialised. */
export const Binary = (mediaType: string, description: string) =>
  Type.Unsafe<unknown>({ description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } });

/** `{success: true}` plus the given fields. */
export const Ok = <P extends Record<string, TSchema>>(props: P, opts: Annotations = {}) =>
  Type.Object({ success: Type.Literal(true), ...props }, opts);

// ---- errors --------------------------------------------------------------------------------------

/** Every error of the API: `{success:false, message, errors?}`; errors maps a field to what is wrong. */
export const ErrorEnvelope = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Optional(Dict(Type.String(), { description: 'Field name (dotted for nested fields) → what is wrong with it' })),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const ERROR_DESCRIPTIONS = {
  400: 'Validation failed: errors names each bad field',
  401: 'No token, or an invalid or expired one',
  403: 'Not allowed (role, X-Company-Id from a non-super user, bad signature or key)',
  404: 'Not found, or not visible to the acting company',
  408: 'The body did not arrive in time (the connection is closed)',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Unsupported content type',
  416: 'Range not satisfiable',
  429: 'Too many attempts; see Retry-After',
  500: 'Internal server error (never with details)',
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const errorResponse = (status: ErrorStatus) => ({ ...ErrorEnvelope, description: ERROR_DESCRIPTIONS[status] }) as typeof ErrorEnvelope;

// ---- operations ----------------------------------------------------------------------------------

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
/** Whether an operation changes stored state. Many reads are POST (filters in the body). */
export type Access = 'read' | 'write';

/**
 * Who may call an operation, as the server enforces it today:
 * - public: no credential at all;
 * - signed_url: no token, an expiring signature in the URL (files, visuals);
 * - collection_key: no token, the study's X-Collection-Key (ingestion);
 * - study_user / batch_user: a signed-in user of type 1 / 2 (data of their own company);
 * - company_admin: a signed-in user (either type) its company made an administrator: the
 *   company's own settings (allowed origins), never another company's;
 * - super_user: a signed-in super user (any company through X-Company-Id).
 */
export const ROLES = ['public', 'signed_url', 'collection_key', 'study_user', 'batch_user', 'company_admin', 'super_user'] as const;
export type Role = (typeof ROLES)[number];
/** Every signed-in user (the common case). */
export const SIGNED_IN = ['study_user', 'batch_user', 'super_user'] as const satisfies readonly Role[];
const TOKEN_ROLES: readonly Role[] = [...SIGNED_IN, 'company_admin'];
/** The acting company's settings: its administrators, and super users acting for it. */
export const COMPANY_ADMIN_ROLES = ['company_admin', 'super_user'] as const satisfies readonly Role[];
/** Study content (studies, board, stims, reports of studies): batch users are refused (403). */
export const STUDY_ROLES = ['study_user', 'super_user'] as const satisfies readonly Role[];
/** Batch and vendor content: study users are refused (403). */
export const BATCH_ROLES = ['batch_user', 'super_user'] as const satisfies readonly Role[];

export const TAGS = [
  'auth', 'user', 'studies', 'demographics', 'messages', 'lookups', 'files', 'stims', 'ingest', 'reports',
  'survey', 'visuals', 'meta', 'jobs',
] as const;
/**
 * Tags a new area brings for itself, so adding an area edits no central list: the area file merges
 * its tag in (`declare module './common.js' { interface AreaTags { 'my-area': true } }`) and names
 * it with areaTag('my-area'), which also makes the run-time check below accept it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AreaTags {}
export type Tag = (typeof TAGS)[number] | (keyof AreaTags & string);
const areaTags = new Set<string>();
/** Declares an area's own tag (see AreaTags). */
export function areaTag<T extends keyof AreaTags & string>(tag: T): T {
  areaTags.add(tag);
  return tag;
}

export type Responses = { [status: number]: TSchema };

/**
 * Whether an embed token (a read-only report credential: contract/embed.ts) may call an operation,
 * and for which report types. Only an operation that carries it accepts one at all; every other
 * answers 403 whatever its tags or access (server/plugins/auth.ts reads it).
 */
export interface EmbedUse {
  /**
   * The report types whose views read it: a token limited to some types opens it only when it
   * opens one of these. 'any': reference data (lookup lists) every report may read, of no study.
   */
  reportTypes: readonly [ReportType, ...ReportType[]] | 'any';
}

export interface OperationSpec {
  /** Unique, camelCase: the OpenAPI operationId and the key SDK code can use. */
  operationId: string;
  method: Method;
  /** Full path in fastify syntax (`/v1.0/studies/:id`, `/files/*`). */
  path: string;
  summary: string;
  description?: string;
  tags: readonly [Tag, ...Tag[]];
  access: Access;
  roles: readonly [Role, ...Role[]];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  /** A POST read whose body may be left out (or be null): it is read as {}. */
  optionalBody?: boolean;
  /** Success responses by status. */
  response: Responses;
  /** Error statuses beyond those every operation of its kind answers (see defineOperation). */
  errors?: readonly ErrorStatus[];
  /** Left out of openapi.json (raw file bodies). */
  hidden?: boolean;
  /**
   * The largest JSON body, in bytes, read for this operation (longer: 413 before any parsing);
   * without one the server's default (32 MiB) applies. Operations callable without a token
   * declare one (tested by the conventions suite): their bodies are read before anyone is known.
   * At SMALL_BODY_LIMIT or less the body must also arrive within BODY_TIMEOUT_MS (else 408).
   */
  bodyLimit?: number;
  /** Embed tokens may call it (openapi.json `x-embed`); left out: they are refused (403). */
  embed?: EmbedUse;
}

/** Bodies up to this are "small": they get the short body deadline (and its 408). */
export const SMALL_BODY_LIMIT = 64 * 1024;
/** Respondent sessions (ingestion and the runner's delivery): long gaze recordings. */
export const SESSION_BODY_LIMIT = 32 * 1024 * 1024;

// Typed as if every error status were declared (the reply type is then success | envelope); at
// run time only the statuses of errorStatuses(spec) are.
type ErrorResponses = { [K in ErrorStatus]: typeof ErrorEnvelope };

export type Operation<S extends OperationSpec = OperationSpec> = S & {
  /** Every status it answers: the success responses plus each error status with the envelope. */
  responses: S['response'] & ErrorResponses;
  /** Answered without a token (the server's auth hook skips it). */
  public: boolean;
  /** The fastify route schema (validation, serialisation and the OpenAPI operation). */
  schema: {
    operationId: string;
    summary: string;
    description?: string;
    tags: S['tags'];
    params: S['params'];
    querystring: S['querystring'];
    body: S['body'];
    response: S['response'] & ErrorResponses;
    hide?: boolean;
    security?: [];
    'x-access': Access;
    'x-roles': S['roles'];
    'x-body-limit'?: number;
    'x-embed'?: EmbedUse;
  };
};

/** Error statuses an operation answers, from its kind: input → 400, body → 413/415, token → 400/401/403. */
export function errorStatuses(spec: OperationSpec): ErrorStatus[] {
  const out = new Set<ErrorStatus>(spec.errors ?? []);
  const hasBody = spec.method !== 'GET' && spec.method !== 'DELETE';
  if (spec.params || spec.querystring || spec.body || hasBody) out.add(400);
  if (hasBody) { out.add(413); out.add(415); }
  if (hasBody && spec.bodyLimit !== undefined && spec.bodyLimit <= SMALL_BODY_LIMIT) out.add(408);
  // A token call may carry a malformed X-Company-Id (400) besides a bad token (401) or role (403).
  if (spec.roles.some((r) => TOKEN_ROLES.includes(r))) { out.add(400); out.add(401); out.add(403); }
  out.add(500);
  return [...out].sort((a, b) => a - b);
}

/**
 * One API operation: what the server registers (`route(app, op, handler)` in
 * server/routes/common.ts), what openapi.json shows (with `x-access` and `x-roles`) and what the
 * SDK's types come from.
 */
export function defineOperation<const S extends OperationSpec>(spec: S): Operation<S> {
  const responses = { ...spec.response } as Record<number, TSchema>;
  for (const status of errorStatuses(spec)) responses[status] ??= errorResponse(status);
  const isPublic = !spec.roles.some((r) => TOKEN_ROLES.includes(r));
  const schema = {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.querystring ? { querystring: spec.querystring } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    response: responses,
    ...(spec.hidden ? { hide: true } : {}),
    ...(isPublic ? { security: [] as [] } : {}),
    'x-access': spec.access,
    'x-roles': spec.roles,
    ...(spec.bodyLimit !== undefined ? { 'x-body-limit': spec.bodyLimit } : {}),
    ...(spec.embed ? { 'x-embed': spec.embed } : {}),
  };
  return { ...spec, responses, public: isPublic, schema } as unknown as Operation<S>;
}

/** Any operation, its schema types erased (registries, conventions checks). */
export type AnyOperation = OperationSpec & { responses: Responses; public: boolean; schema: Record<string, unknown> };

// ---- shared request pieces -----------------------------------------------------------------------

/** `/…/:id` of a study. */
export const StudyParams = Type.Object({ id: IdParam({ description: 'Study id' }) });
export type StudyParams = Static<typeof StudyParams>;

export const IdList = Type.Array(Id(), { maxItems: 100 });

/**
 * The demographic-filter model: group ids per kind; OR within a kind, AND across kinds, an empty
 * list does not filter. Accepted grouped under `filters` and at the top level of a body.
 */
export const DemographicFilterProperties = {
  age_group_ids: Type.Optional(IdList),
  family_group_ids: Type.Optional(IdList),
  earnings_group_ids: Type.Optional(IdList),
  genders_group_ids: Type.Optional(IdList),
  /** Singular spelling some clients send; same meaning as genders_group_ids. */
  gender_group_ids: Type.Optional(IdList),
};
export const DemographicFilters = Type.Object(DemographicFilterProperties);
export type DemographicFilters = Static<typeof DemographicFilters>;

/** Body properties every report request shares. */
export const ReportOptionsProperties = {
  filters: Type.Optional(Nullable(DemographicFilters)),
  ...DemographicFilterProperties,
  limit_to_eyetracking: Type.Optional(Type.Boolean()),
};
export const ReportOptions = Type.Object(ReportOptionsProperties);
export type ReportOptions = Static<typeof ReportOptions>;

/** Paging of list requests: the page sizes every list offers. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** One of PAGE_SIZES, as a number or (legacy client) its decimal string. */
export const PageSize = Type.Unsafe<(typeof PAGE_SIZES)[number] | `${(typeof PAGE_SIZES)[number]}`>({
  enum: [...PAGE_SIZES, ...PAGE_SIZES.map(String)], default: DEFAULT_PAGE_SIZE,
});
export const PageNum = IntLike(1, { default: 1 });

// ---- conventions ---------------------------------------------------------------------------------

/**
 * What is missing from an operation (empty when complete): a summary, a tag, the access and roles
 * marks, a success response and an error response with the envelope. The server refuses to
 * register an incomplete operation (server/routes/common.ts) and the conventions test checks them all.
 */
export function operationProblems(op: Partial<AnyOperation>): string[] {
  const problems: string[] = [];
  if (!op.operationId) problems.push('no operationId');
  if (!op.summary?.trim()) problems.push('no summary');
  if (!op.tags?.length || op.tags.some((t) => !(TAGS as readonly string[]).includes(t) && !areaTags.has(t))) problems.push('no tag, or a tag not in TAGS');
  if (op.access !== 'read' && op.access !== 'write') problems.push('no access mark (read | write)');
  if (!op.roles?.length || op.roles.some((r) => !(ROLES as readonly string[]).includes(r))) problems.push('no roles, or a role not in ROLES');
  if (op.embed) problems.push(...embedProblems(op as AnyOperation));
  const statuses = Object.keys(op.responses ?? {}).map(Number);
  if (!statuses.some((s) => s >= 200 && s < 300)) problems.push('no success response');
  const errors = statuses.filter((s) => s >= 400);
  if (!errors.length) problems.push('no error response');
  for (const s of errors) {
    const schema = (op.responses as Responses)[s] as { properties?: Record<string, unknown> };
    if (!schema?.properties?.success || !schema.properties.message) problems.push(`error response ${s} is not the error envelope`);
  }
  return problems;
}

// ---- embed tokens ---------------------------------------------------------------------------------

/** Path parameters that name a stim: an embed token limited to some stims is refused any other. */
export const EMBED_STIM_PARAMS = ['stim', 'stimId'] as const;
/** Fields that hold a stim id in bodies and answers: rows carrying one of another stim are dropped. */
export const EMBED_STIM_ID_FIELDS = ['stim_id', 'stimulus_id'] as const;
const STIM_NAME_FIELDS = ['stim_name', 'stimulus_name'];

type SchemaNode = {
  properties?: Record<string, SchemaNode>; items?: SchemaNode | SchemaNode[]; additionalProperties?: SchemaNode | boolean;
  anyOf?: SchemaNode[]; oneOf?: SchemaNode[]; allOf?: SchemaNode[];
};

/**
 * Where an answer names stims, for the embed-token row filter to work by construction: every object
 * that names a stim carries its id (a name alone could not be filtered), and one outside an array
 * (a per-stim answer's head) only on operations whose path names the stim (checked before the call).
 */
function stimFieldProblems(schema: SchemaNode | undefined, stimInPath: boolean, at = '', inArray = false, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const hasId = names.some((n) => (EMBED_STIM_ID_FIELDS as readonly string[]).includes(n));
  if (names.some((n) => STIM_NAME_FIELDS.includes(n)) && !hasId) out.push(`${at || 'answer'} names a stim without its id`);
  if (hasId && !inArray && !stimInPath) out.push(`${at || 'answer'} holds a stim id outside a list on a path without a stim`);
  for (const [k, v] of Object.entries(props)) stimFieldProblems(v, stimInPath, `${at}.${k}`, false, out);
  for (const item of [schema.items ?? []].flat()) stimFieldProblems(item, stimInPath, `${at}[]`, true, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') stimFieldProblems(schema.additionalProperties, stimInPath, `${at}{}`, inArray, out);
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) stimFieldProblems(alt, stimInPath, at, inArray, out);
  return out;
}

/**
 * What makes an operation unfit for embed tokens (empty when fit): they only read, act as a study
 * user, read one study (or reference data of none), name stims in the path only as EMBED_STIM_PARAMS,
 * and answer stims only in a form the row filter recognises (stimFieldProblems).
 */
export function embedProblems(op: Pick<AnyOperation, 'access' | 'roles' | 'path' | 'embed' | 'response'>): string[] {
  const problems: string[] = [];
  if (!op.embed) return problems;
  const prefix = (p: string) => `embed: ${p}`;
  if (op.access !== 'read') problems.push(prefix('only reads may accept embed tokens'));
  if (!op.roles.includes('study_user')) problems.push(prefix('an embed token acts as a study user, which the roles refuse'));
  const params = [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const stimInPath = params.some((p) => (EMBED_STIM_PARAMS as readonly string[]).includes(p));
  if (params.some((p) => /stim/i.test(p) && !(EMBED_STIM_PARAMS as readonly string[]).includes(p))) problems.push(prefix(`a stim path parameter other than ${EMBED_STIM_PARAMS.join(' or ')}`));
  if (op.embed.reportTypes === 'any') {
    if (params.length) problems.push(prefix("'any' report type is for reference data of no study: no path parameters"));
  } else if (!op.path.includes('/studies/:id/')) problems.push(prefix('a report read must be of one study (/studies/:id/…)'));
  for (const [status, schema] of Object.entries(op.response)) {
    if (Number(status) >= 300) continue;
    if ((schema as { content?: unknown }).content) problems.push(prefix('answers a file, which the row filter cannot read'));
    problems.push(...stimFieldProblems(schema as SchemaNode, stimInPath).map(prefix));
  }
  return problems;
}
