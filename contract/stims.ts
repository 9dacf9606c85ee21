// The stim library (server/routes/stims; spec document 2 §3.8, §7.1): the general and the
// study-specific lists, create, details, edit and delete. Signed uploads for the files of image
// and video stims are contract/files.ts (createSignedUrl); brands are contract/brands.ts.
import { Type, type Static } from 'typebox';
import {
  defineOperation, Id, IdParam, IntLike, Int4, Nullable, Ok, PageNum, PageSize, STUDY_ROLES, StudyParams, Text,
} from './common.js';

/** 's' script, 'va' VAST URL, 'vx' VAST XML, 'i' image, 'v' video. */
export const STIM_TYPES = ['s', 'va', 'vx', 'i', 'v'] as const;
export type StimTypeCode = (typeof STIM_TYPES)[number];
export const StimType = Type.Union([Type.Literal('s'), Type.Literal('va'), Type.Literal('vx'), Type.Literal('i'), Type.Literal('v')], { description: "'s' script, 'va' VAST URL, 'vx' VAST XML, 'i' image, 'v' video" });

/** Stim types whose content is markup (shown only in sandboxed frames from the files origin). */
export const TAG_TYPES: readonly StimTypeCode[] = ['s', 'va', 'vx'];
/** Stim types whose content is an uploaded file. */
export const FILE_TYPES: readonly StimTypeCode[] = ['i', 'v'];

/** Sort keys: id, width and height numeric; name, type, brand and media as text (case-insensitive). */
export const STIM_SORT_KEYS = ['name', 'media', 'brand', 'width', 'height', 'id', 'type'] as const;
export type StimSortKey = (typeof STIM_SORT_KEYS)[number];
export const STIM_ORDER_VALUES = STIM_SORT_KEYS.flatMap((k) => [`${k}_asc`, `${k}_desc`]);
export const DEFAULT_STIM_ORDER = 'name_asc';

/** Limits (docs/api.md "Stims"). */
export const STIM_LIMITS = {
  name: 255,
  /** Script or VAST markup. */
  tag: 200_000,
  /** Pixels, either side, of a video's measured size. */
  side: 10_000,
  /** A video's measured duration. */
  durationMs: 60 * 60 * 1000,
} as const;

/** 'ALL' (or 0, null, leaving it out) means no filter. */
const AllOr = (description: string) =>
  Type.Optional(Nullable(Type.Union([Type.Literal('ALL'), Type.Literal(''), IntLike(0)], { description })));

export const StimListBody = Type.Object({
  results_per_page: Type.Optional(PageSize),
  page_num: Type.Optional(PageNum),
  order_by: Type.Optional(Type.String({ maxLength: 40, default: DEFAULT_STIM_ORDER, description: `One of ${STIM_ORDER_VALUES.join(', ')} (case-insensitive)` })),
  filter_name: Type.Optional(Nullable(Text(255, { description: 'Case-insensitive substring of the stim name' }))),
  filter_media_id: AllOr("A media id; 0 or 'ALL' = every media"),
  filter_stimtype: Type.Optional(Nullable(Type.Union([Type.Literal('ALL'), Type.Literal(''), StimType, IntLike(0)], {
    description: "A stim type code (s, va, vx, i, v) or its id; 'ALL' = every type",
  }))),
  filter_study_id: AllOr("Only stims of this study (the general list); 0 or 'ALL' = every stim"),
});
export type StimListBody = Static<typeof StimListBody>;

export const StimListItem = Type.Object({
  id: Id(),
  name: Type.String(),
  media: Nullable(Type.String({ description: 'Media name' })),
  media_id: Nullable(Id()),
  brand: Nullable(Type.String({ description: 'Brand name' })),
  brand_id: Nullable(Id()),
  width: Nullable(Int4()),
  height: Nullable(Int4()),
  type: Type.String({ description: "The stimtypes list's description (Script, VAST URL, VAST XML, Image or Video), as the legacy Stim Types filter compares it; the code is stim_type" }),
  stim_type: StimType,
  type_name: Type.String({ description: 'Script, VAST URL, VAST XML, Image or Video' }),
  source: Nullable(Type.String({ description: 'Signed URL of the file (image and video stims), the VAST URL, else (script, VAST XML) the signed preview page on the files origin; null only for a file stim whose upload has not finished' })),
  low_quality_source: Nullable(Type.String({ description: 'Signed URL of a small preview image, when one was made' })),
  study_id: Nullable(Id()),
  aoi_count: Int4(),
});
export type StimListItem = Static<typeof StimListItem>;

export const StimListResponse = Type.Object({
  data: Type.Array(StimListItem),
  page_num: Int4(),
  total_page_num: Int4(),
  total_count: Int4(),
  results_per_page: Int4(),
  order_by: Type.String(),
});
export type StimListResponse = Static<typeof StimListResponse>;

const idField = (description: string) => Type.Optional(Nullable(IntLike(1, { description })));

/** Fields of create and edit. Ids are numbers or (legacy forms) decimal strings. */
const stimFields = {
  name: Text(STIM_LIMITS.name, { minLength: 1 }),
  stim_type: StimType,
  ad_asset_type_id: idField('Ad asset type'),
  ad_type_group_id: idField('Ad type group (of the ad asset type)'),
  ad_group_type_id: idField('The edit screen\'s name for ad_type_group_id'),
  ad_type_id: idField('Ad type (of the ad type group)'),
  brand_id: idField('Brand'),
  media_id: idField('Media; derived from the stim type when left out'),
  study_id: idField('Makes it a study-specific stim'),
  source: Type.Optional(Nullable(Text(2048, { description: 'Image and video: the storage key (or /files URL) returned by create_signed_url, after the PUT. VAST URL: the https URL.' }))),
  tag: Type.Optional(Nullable(Text(STIM_LIMITS.tag, { description: 'Script markup, VAST XML, or the VAST URL' }))),
  file_name: Type.Optional(Nullable(Text(255))),
  width: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: STIM_LIMITS.side, description: 'Video: the measured width (images are measured from the file)' }))),
  height: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: STIM_LIMITS.side, description: 'Video: the measured height' }))),
  duration_ms: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: STIM_LIMITS.durationMs, description: 'Video: the measured duration' }))),
};

export const StimCreateBody = Type.Object(stimFields);
export type StimCreateBody = Static<typeof StimCreateBody>;

export const StimEditBody = Type.Partial(Type.Object(stimFields));
export type StimEditBody = Static<typeof StimEditBody>;

export const StimDetails = Type.Object({
  id: Id(),
  stim_id: Id(),
  name: Type.String(),
  stim_type: StimType,
  type: StimType,
  type_name: Type.String(),
  ad_asset_type_id: Nullable(Id()),
  ad_type_group_id: Nullable(Id()),
  ad_group_type_id: Nullable(Id()),
  ad_type_id: Nullable(Id()),
  brand_id: Nullable(Id()),
  brand: Nullable(Type.String()),
  media_id: Nullable(Id()),
  media: Nullable(Type.String()),
  study_id: Nullable(Id()),
  source: Nullable(Type.String({ description: 'Signed URL of the file, or the VAST URL' })),
  source_key: Nullable(Type.String({ description: 'The storage key behind source' })),
  low_quality_source: Nullable(Type.String()),
  file_name: Nullable(Type.String()),
  tag: Nullable(Type.String()),
  width: Nullable(Int4()),
  height: Nullable(Int4()),
  duration_ms: Nullable(Int4()),
  preview_url: Nullable(Type.String({ description: 'Script and VAST stims: a signed page on the files origin, for a sandboxed iframe only' })),
  vast_media_url: Nullable(Type.String({ description: 'VAST XML: the media file the VAST names (for the preview player)' })),
  aoi_count: Int4(),
  in_use: Type.Boolean({ description: 'Placed on a step or has collected data (cannot be deleted)' }),
});
export type StimDetails = Static<typeof StimDetails>;

export const StimParams = Type.Object({ id: IdParam({ description: 'Stim id' }) });
export type StimParams = Static<typeof StimParams>;

export const StimCreateResponse = Ok({ stim_id: Id(), data: StimDetails });
export type StimCreateResponse = Static<typeof StimCreateResponse>;
export const StimDetailsResponse = Ok({ data: StimDetails });
export type StimDetailsResponse = Static<typeof StimDetailsResponse>;

export const StimDeleteBody = Type.Object({ ids: Type.Array(Id(), { minItems: 1, maxItems: 100, uniqueItems: true }) });
export type StimDeleteBody = Static<typeof StimDeleteBody>;
export const StimDeleteResponse = Ok({ deleted: Type.Array(Id()) });
export type StimDeleteResponse = Static<typeof StimDeleteResponse>;

const tags = ['stims'] as const;

export const list = defineOperation({
  operationId: 'listStims',
  method: 'POST',
  path: '/v1.0/stims',
  summary: 'The stim library of the acting company, paged, sorted and filtered',
  description: "id, width and height sort numerically; name, type, brand and media as text, case-insensitive. 'ALL' means no filter. " +
    'Without page_num and results_per_page (no body, as the legacy client posts it) every row is answered as one page. ' +
    'A batch user (vendor) has no stim library: an empty list (the legacy vendor stim list asks on mount).',
  tags, access: 'read', roles: [...STUDY_ROLES, 'batch_user'],
  body: StimListBody, optionalBody: true,
  response: { 200: StimListResponse },
});

export const studyList = defineOperation({
  operationId: 'listStudyStims',
  method: 'POST',
  path: '/v1.0/studies/:id/stims',
  summary: "A study's own stims (made for it, or placed on one of its steps), paged and filtered",
  description: 'Sorted by name, case-insensitive, unless order_by says otherwise. Without page_num and results_per_page, every row as one page.',
  tags, access: 'read', roles: STUDY_ROLES,
  params: StudyParams, body: StimListBody, optionalBody: true,
  response: { 200: StimListResponse },
  errors: [404],
});

export const create = defineOperation({
  operationId: 'createStim',
  method: 'POST',
  path: '/v1.0/stims/create',
  summary: 'Create a stim; answers its stim_id',
  description: 'Script and VAST stims carry their tag; image and video stims are created first and get their source by edit after the signed PUT (or at once when the file is already uploaded). Image sizes are read from the file.',
  tags, access: 'write', roles: STUDY_ROLES,
  body: StimCreateBody,
  response: { 200: StimCreateResponse },
  errors: [404, 409],
});

export const details = defineOperation({
  operationId: 'getStimDetails',
  method: 'GET',
  path: '/v1.0/stims/:id/details',
  summary: 'One stim with its reference ids, signed source and preview',
  tags, access: 'read', roles: STUDY_ROLES,
  params: StimParams,
  response: { 200: StimDetailsResponse },
  errors: [404],
});

export const edit = defineOperation({
  operationId: 'editStim',
  method: 'POST',
  path: '/v1.0/stims/:id/edit',
  summary: 'Change a stim (only the fields sent)',
  tags, access: 'write', roles: STUDY_ROLES,
  params: StimParams, body: StimEditBody,
  response: { 200: StimCreateResponse },
  errors: [404, 409],
});

export const remove = defineOperation({
  operationId: 'deleteStim',
  method: 'POST',
  path: '/v1.0/stims/:id/delete',
  summary: 'Delete one stim (empty body)',
  description: '409 when the stim is placed on a step or has collected data; the message says which.',
  tags, access: 'write', roles: STUDY_ROLES,
  params: StimParams, optionalBody: true, body: Type.Object({}),
  response: { 200: StimDeleteResponse },
  errors: [404, 409],
});

export const removeMany = defineOperation({
  operationId: 'deleteStims',
  method: 'POST',
  path: '/v1.0/stims/delete',
  summary: 'Delete several stims in one transaction: all of them, or none',
  description: '409 naming every stim that is placed on a step or has collected data; 404 when one is not the acting company\'s.',
  tags, access: 'write', roles: STUDY_ROLES,
  body: StimDeleteBody,
  response: { 200: StimDeleteResponse },
  errors: [404, 409],
});

export const DraftPreviewResponse = Ok({ url: Type.String({ description: 'A page on the files origin that shows markup posted to it (postMessage {kind: "script" | "vast", content})' }), origin: Type.String() });
export type DraftPreviewResponse = Static<typeof DraftPreviewResponse>;

export const draftPreview = defineOperation({
  operationId: 'getDraftPreviewUrl',
  method: 'GET',
  path: '/v1.0/stims/preview_url',
  summary: "The uploader's live preview page for markup not yet saved (on the files origin, for a sandboxed iframe)",
  tags, access: 'read', roles: STUDY_ROLES,
  response: { 200: DraftPreviewResponse },
});

export const operations = { list, studyList, create, details, edit, remove, removeMany, draftPreview };

// ---- previews on the files origin (FILES_ORIGIN, a second port by default) ---------------------

export const PreviewParams = Type.Object({ id: IdParam({ description: 'Stim id' }) });
export const PreviewQuery = Type.Object({ expires: Text(20), sig: Text(200) });

/**
 * Served only by the files origin, never by the dashboard's: a page holding the stim's markup
 * (script) or a player for its VAST, for a sandboxed iframe (sandbox="allow-scripts", no
 * allow-same-origin). Its CSP sandboxes it too, so even opened directly it has no origin.
 */
export const preview = defineOperation({
  operationId: 'previewStim',
  method: 'GET',
  path: '/preview/stims/:id',
  summary: 'Preview page of a script or VAST stim (files origin only), by signed URL',
  tags, access: 'read', roles: ['signed_url'],
  params: PreviewParams, querystring: PreviewQuery,
  response: { 200: Type.Unsafe<unknown>({ description: 'The preview page', content: { 'text/html': { schema: { type: 'string' } } } }) },
  errors: [403, 404],
  hidden: true,
});

export const previewAsset = defineOperation({
  operationId: 'previewAsset',
  method: 'GET',
  path: '/preview/assets/vast-client.js',
  summary: 'The VAST client the VAST URL preview loads (files origin only)',
  tags, access: 'read', roles: ['public'],
  response: { 200: Type.Unsafe<unknown>({ description: 'JavaScript module', content: { 'text/javascript': { schema: { type: 'string' } } } }) },
  hidden: true,
});

export const draftPage = defineOperation({
  operationId: 'previewDraft',
  method: 'GET',
  path: '/preview/draft',
  summary: 'The live preview page for unsaved markup (files origin only), by signed URL',
  tags, access: 'read', roles: ['signed_url'],
  querystring: PreviewQuery,
  response: { 200: Type.Unsafe<unknown>({ description: 'The preview page', content: { 'text/html': { schema: { type: 'string' } } } }) },
  errors: [403],
  hidden: true,
});

export const previewOperations = { preview, previewAsset, draftPage };
