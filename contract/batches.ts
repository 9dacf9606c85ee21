// Batches for vendors (server/routes/batches; spec document 3 §2.10–2.14, §3, §7): the batch list,
// a batch's discovered stims, its KPI / feature / visual / graph reports and downloads, the
// vendor's all-stims list, the AOIs of batch stims (/analysis/tpstimuli) and the files list.
//
// A batch is read through its backing study (docs/metrics.md "Batches"): the report numbers are the
// study engine's for the batch stim's step. Every batch call names the batch and its vendor by
// their internal ids; the pair is checked against the acting company (404 otherwise, never 403).
import { Type, type Static } from 'typebox';
import {
  areaTag, BATCH_ROLES, defineOperation, Id, IdParam, Int4, IntLike, Nullable, Ok, PageNum, PageSize, SIGNED_IN, Text,
} from './common.js';
import { AoiEditorResponse, SaveAoisBody, SaveAoisResponse } from './aoi.js';
import { DataTypes, exposureMeasures, GazePointsBody, GazePointsResponse, GraphTypeId, LegacyGraphPoint, NormMetrics, respondentFields, StimMetrics } from './reports.js';

declare module './common.js' {
  interface AreaTags { batches: true }
}
const tags = [areaTag('batches')] as const;

// ---- shared pieces -------------------------------------------------------------------------------

/** An internal id as the legacy client sends it: a string ("AB-2025-0001") or a number. */
export const InternalRef = (description: string) => Type.Union([
  Text(64, { minLength: 1 }),
  Type.Integer({ minimum: 0, maximum: 2147483647 }),
], { description });

/** What every batch call carries: the batch and its vendor (checked together). */
export const BatchRefProperties = {
  internal_batch_id: InternalRef("The batch's internal id (batch row internal_batch_id)"),
  internal_vendor_id: InternalRef("Its vendor's internal id (batch row internal_vendor_id)"),
};

/** A batch call about one batch stim, or (without internal_stim_id) about every stim of the batch. */
export const BatchReportBody = Type.Object({
  ...BatchRefProperties,
  internal_stim_id: Type.Optional(IntLike(1, { description: 'A batch stim (internal_stim_id of the stim list); absent: every stim of the batch' })),
  internal_step_id: Type.Optional(IntLike(1, { description: 'Download variants: the step of that stim (checked when sent)' })),
  graph_type_id: Type.Optional(GraphTypeId),
  time_segment: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
  max_time: Type.Optional(Type.Integer({ minimum: 1, maximum: 3_600_000 })),
});
export type BatchReportBody = Static<typeof BatchReportBody>;

const dateTime = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

// ---- batch list ------------------------------------------------------------------------------------

export const BATCH_ORDER_BY = [
  'name_asc', 'name_desc', 'batch_id_asc', 'batch_id_desc', 'estimated_batch_size_asc', 'estimated_batch_size_desc',
  'live_asc', 'live_desc', 'completed_asc', 'completed_desc', 'data_collection_start_asc', 'data_collection_start_desc',
  'data_collection_end_asc', 'data_collection_end_desc', 'report_generated_date_asc', 'report_generated_date_desc',
] as const;
export type BatchOrderBy = (typeof BATCH_ORDER_BY)[number];

export const BatchListBody = Type.Object({
  filter_id: Type.Optional(Text(100, { description: 'Part of the batch id (case-insensitive)' })),
  filter_name: Type.Optional(Text(100, { description: 'Part of the name (case-insensitive)' })),
  order_by: Type.Optional(Type.Unsafe<BatchOrderBy>({ type: 'string', enum: [...BATCH_ORDER_BY], default: 'data_collection_start_desc' })),
  results_per_page: Type.Optional(PageSize),
  page_num: Type.Optional(PageNum),
});
export type BatchListBody = Static<typeof BatchListBody>;

export const BatchRow = Type.Object({
  name: Type.String({ description: "'' when the batch has no name yet (shown as TBD; the legacy client reads a string)" }),
  batch_id: Type.String({ description: 'The batch label shown to people' }),
  internal_batch_id: Type.String(),
  internal_vendor_id: Type.String(),
  vendor_name: Type.String(),
  estimated_batch_size: Int4(),
  live: Type.Boolean(),
  completed: Type.Boolean(),
  data_collection_start: dateTime('ISO 8601'),
  data_collection_end: dateTime('ISO 8601'),
  report_generated_date: dateTime('ISO 8601'),
  stim_count: Int4(),
});
export type BatchRow = Static<typeof BatchRow>;

export const BatchListResponse = Ok({
  data: Type.Array(BatchRow),
  page_num: Int4(),
  total_page_num: Int4(),
  results_per_page: Int4(),
  order_by: Type.String(),
  total_count: Int4({ description: 'Batches matching the filters' }),
  total_live: Int4({ description: 'Live batches of the whole list (not the page or filters)' }),
  total_completed: Int4({ description: 'Completed batches of the whole list' }),
});
export type BatchListResponse = Static<typeof BatchListResponse>;

// ---- batch stims -----------------------------------------------------------------------------------

/** Stim kinds by stim_type code ('i', 'v', 's', 'va', 'vx'); anything else is 'Unknown'. */
export const STIM_KINDS = ['image', 'video', 'script', 'vast'] as const;
export const BatchStimType = Type.String({ description: "image | video | script | vast, or 'Unknown'" });

export const FeatureItem = Type.Object({
  feature_name: Type.String(),
  avg_feature_dwell_time: Nullable(Type.Number({ description: 'Seconds, over participants who viewed the feature' })),
  avg_page_dwell_time: Nullable(Type.Number({ description: 'Seconds, of the page the stim was on (the stim base)' })),
  participant_viewed_percent: Type.Number({ description: 'Percent of the stim viewers who viewed the feature' }),
  panelist_viewed_percent: Type.Number({ description: 'Same value, the study reports\' name' }),
  view_order: Nullable(Type.Integer()),
});
export type FeatureItem = Static<typeof FeatureItem>;

export const BatchStim = Type.Object({
  internal_stim_id: Id({ description: 'The batch stim (also the id of /analysis/tpstimuli and the AOI pages)' }),
  internal_step_id: Nullable(Id({ description: 'The step of the backing study that showed it' })),
  stim_id: Id({ description: 'The stim' }),
  batch_id: Type.String(),
  internal_batch_id: Type.String(),
  internal_vendor_id: Type.String(),
  identifier: Type.String(),
  name: Type.String(),
  type: BatchStimType,
  width: Nullable(Int4()),
  height: Nullable(Int4()),
  discovered_date: dateTime('ISO 8601'),
  url: Nullable(Type.String({ description: 'The page it was discovered on' })),
  external_source: Nullable(Type.String({ description: "The ad server's address of the creative" })),
  source: Nullable(Type.String({ description: 'Signed URL of the creative (an image, the poster of a video)' })),
  source_low_quality: Nullable(Type.String()),
  aoi_count: Int4(),
  feature_data: Type.Array(Type.String(), { description: 'Feature (AOI tag) names; empty: no feature data' }),
  stim_data: StimMetrics,
});
export type BatchStim = Static<typeof BatchStim>;

export const BatchStimsBody = Type.Object({
  ...BatchRefProperties,
  internal_stim_id: Type.Optional(IntLike(1, { description: 'Only this batch stim' })),
});
export type BatchStimsBody = Static<typeof BatchStimsBody>;

export const BatchStimsResponse = Ok({
  internal_batch_id: Type.String(),
  internal_vendor_id: Type.String(),
  batch_id: Type.String(),
  name: Nullable(Type.String()),
  data: Type.Array(BatchStim),
});
export type BatchStimsResponse = Static<typeof BatchStimsResponse>;

// ---- reports -----------------------------------------------------------------------------------------

const StimHead = {
  stim_name: Type.String(),
  stim_type: BatchStimType,
  stim_id: Id(),
  internal_step_id: Id(),
  internal_stim_id: Id(),
  identifier: Type.String(),
};

export const BatchReportItem = Type.Object({
  ...StimHead,
  stim_width: Nullable(Int4()),
  stim_height: Nullable(Int4()),
  stim_data: Type.Object({
    ...StimMetrics.properties,
    stim_type: Type.Optional(BatchStimType),
  }, { description: "The metrics; stim_type repeats the stim's type (the legacy client's title reads it here)" }),
  norm_data: Type.Object({
    ...NormMetrics.properties,
    base_size: Type.Optional(Int4({ description: "= norm_size: the legacy KPI table's 'Base size' row reads norm_data.base_size beside stim_data.base_size" })),
  }),
  feature_data: Type.Array(FeatureItem),
});
export const BatchReportResponse = Ok({
  internal_batch_id: Type.String(),
  internal_vendor_id: Type.String(),
  batch_id: Type.String(),
  data: Type.Array(BatchReportItem),
});
export type BatchReportResponse = Static<typeof BatchReportResponse>;

export const BatchFeatureItem = Type.Object({
  ...StimHead,
  stim_data: Type.Object({
    avg_page_dwell_time: Nullable(Type.Number()),
    panelist_viewed_percent: Nullable(Type.Number()),
    avg_stim_dwell_time: Nullable(Type.Number()),
    base_size: Int4(),
  }),
  feature_data: Type.Array(FeatureItem),
});
export const BatchFeatureResponse = Ok({
  internal_batch_id: Type.String(),
  internal_vendor_id: Type.String(),
  batch_id: Type.String(),
  data: Type.Array(BatchFeatureItem),
});
export type BatchFeatureResponse = Static<typeof BatchFeatureResponse>;

const VisualUrls = Type.Object({ url: Type.String(), low_quality: Type.String() });
export const BatchVisual = Type.Object({
  ...StimHead,
  stim_width: Int4(),
  stim_height: Int4(),
  stim_source: Type.Object({ url: Nullable(Type.String()), low_quality: Nullable(Type.String()) }, {
    description: "The creative, as the other visuals: {url, low_quality} (the legacy client's 'Original' reads stim_source.low_quality; both null for a stim without a file)",
  }),
  stim_source_url: Nullable(Type.String({ description: 'The creative (= stim_source.url)' })),
  stim_source_low_quality: Nullable(Type.String()),
  heatmap_urls: VisualUrls,
  analysis_urls: VisualUrls,
  feature_analysis_urls: VisualUrls,
  view_order_urls: Type.Optional(VisualUrls),
});
export type BatchVisual = Static<typeof BatchVisual>;
export const BatchVisualResponse = Ok({ data: Type.Array(BatchVisual) });
export type BatchVisualResponse = Static<typeof BatchVisualResponse>;

export const BatchGraphResponse = Ok({
  current_graph_type_id: GraphTypeId,
  time_segment: Int4(),
  max_time: Int4(),
  data_types: DataTypes,
  data: Type.Array(Type.Object({
    ...StimHead,
    graph_data: Type.Array(LegacyGraphPoint, { description: "The legacy client's attention curve: x = percent still viewing, y = dwell in ms" }),
    survival_data: Type.Array(Type.Object({ x: Type.Number({ description: 'seconds of dwell (the requested ms points / 1000)' }), y: Type.Number({ description: 'percent still viewing' }) }), { description: 'The same curve with x = seconds, y = percent (what the SDK draws)' }),
  })),
});
export type BatchGraphResponse = Static<typeof BatchGraphResponse>;

export const BatchStatsRow = Type.Object({
  stim_id: Id(), internal_stim_id: Id(), stim_name: Type.String(), metric: Type.String(), label: Type.String(),
  actual: Nullable(Type.Number()), norm: Nullable(Type.Number()), base_size: Int4(), norm_size: Int4(),
});
export const BatchStatsResponse = Ok({ data: Type.Array(BatchStatsRow) });
export type BatchStatsResponse = Static<typeof BatchStatsResponse>;

export const BatchParticipantRow = Type.Object({
  ...respondentFields,
  in_base: Type.Boolean({ description: 'Counted in the report base (measured, quality-passing)' }),
  stim_id: Id(),
  internal_stim_id: Id(),
  stim_name: Type.String(),
  identifier: Type.String(),
  ...exposureMeasures,
});
export type BatchParticipantRow = Static<typeof BatchParticipantRow>;
export const BatchParticipantResponse = Ok({ data: Type.Array(BatchParticipantRow) });
export type BatchParticipantResponse = Static<typeof BatchParticipantResponse>;

export const BatchFeatureParticipantRow = Type.Object({
  participant_reference: Type.String(),
  feature_name: Type.String(),
  dwell_time: Type.Number({ description: 'Seconds' }),
  time_to_first_fixation: Nullable(Type.Number({ description: 'Seconds' })),
  fixation_count: Int4(),
});
const PerStim = <T extends ReturnType<typeof Type.Object>>(row: T) => Ok({
  data: Type.Array(Type.Object({
    stim_id: Id(), internal_stim_id: Id(), internal_step_id: Id(), stim_name: Type.String(), identifier: Type.String(),
    participant_data: Type.Array(row),
  })),
});
export const BatchParticipantDataResponse = PerStim(Type.Omit(BatchParticipantRow, ['stim_id', 'internal_stim_id', 'stim_name', 'identifier']));
export type BatchParticipantDataResponse = Static<typeof BatchParticipantDataResponse>;
export const BatchFeatureParticipantResponse = PerStim(BatchFeatureParticipantRow);
export type BatchFeatureParticipantResponse = Static<typeof BatchFeatureParticipantResponse>;

// ---- vendor stim list --------------------------------------------------------------------------

export const VENDOR_STIM_ORDER_BY = [
  'name_asc', 'name_desc', 'identifier_asc', 'identifier_desc', 'type_asc', 'type_desc', 'discovered_date_asc', 'discovered_date_desc',
] as const;
export type VendorStimOrderBy = (typeof VENDOR_STIM_ORDER_BY)[number];

export const VendorStimListBody = Type.Object({
  filter_name: Type.Optional(Text(100)),
  filter_stimtype: Type.Optional(Text(20, { description: "image | video | script | vast (or a stim_type code); '' or 'All': every type" })),
  order_by: Type.Optional(Type.Unsafe<VendorStimOrderBy>({ type: 'string', enum: [...VENDOR_STIM_ORDER_BY], default: 'name_asc' })),
  results_per_page: Type.Optional(PageSize),
  page_num: Type.Optional(PageNum),
});
export type VendorStimListBody = Static<typeof VendorStimListBody>;

const VendorStimListItem = Type.Object({
  ...Type.Omit(BatchStim, ['stim_data', 'feature_data', 'type']).properties,
  type: Type.String({ description: "The stimtypes list's description (Image, Video, Script, VAST URL, VAST XML) or 'Unknown': the legacy Stim Types filter compares them" }),
  type_group: BatchStimType,
});

export const VendorStimListResponse = Ok({
  data: Type.Array(VendorStimListItem),
  page_num: Int4(),
  total_page_num: Int4(),
  results_per_page: Int4(),
  order_by: Type.String(),
  total_count: Int4(),
});
export type VendorStimListResponse = Static<typeof VendorStimListResponse>;

// ---- AOIs of batch stims (same shapes as the stim AOI editor's /analysis/stimuli) ----------------

// The AOI editor's schemas are the stims area's (contract/aoi.ts): one editor, two id families.
export const TpAoiResponse = AoiEditorResponse;
export const TpSaveBody = SaveAoisBody;
export const TpSaveResponse = SaveAoisResponse;
export const TpParams = Type.Object({ id: IdParam({ description: 'Batch stim id (internal_stim_id)' }) });

// ---- files ---------------------------------------------------------------------------------------

export const FileItem = Type.Object({
  id: Id(),
  name: Type.String(),
  description: Type.String(),
  type: Type.String(),
  url: Nullable(Type.String({ description: 'Signed, expiring link (or the external address)' })),
  study_name: Type.String({ description: 'The study (for batch users: the batch) it belongs to' }),
  batch_id: Nullable(Type.String()),
});
export const FileListResponse = Ok({ data: Type.Array(FileItem) });
export type FileListResponse = Static<typeof FileListResponse>;

// ---- operations ----------------------------------------------------------------------------------

const batchRead = { tags, access: 'read', roles: BATCH_ROLES, method: 'POST', errors: [404] } as const;
const report = { ...batchRead, body: BatchReportBody } as const;

export const list = defineOperation({
  ...batchRead, operationId: 'listBatches', path: '/v1.0/batch/list', errors: [],
  summary: "The acting company's batches, paged, sorted and filtered by id and name",
  description: 'The body is optional. total_live / total_completed count the whole list (the home counts of batch users).',
  body: BatchListBody, optionalBody: true,
  response: { 200: BatchListResponse },
});

export const stims = defineOperation({
  ...batchRead, operationId: 'listBatchStims', path: '/v1.0/batch/stims',
  summary: "A batch's discovered stims with their KPI metrics and feature names",
  body: BatchStimsBody,
  response: { 200: BatchStimsResponse },
});

export const DiscoveredBody = Type.Object({
  internal_batch_id: Type.Optional(BatchRefProperties.internal_batch_id),
  internal_vendor_id: Type.Optional(BatchRefProperties.internal_vendor_id),
  internal_stim_id: Type.Optional(IntLike(1, { description: 'Only this batch stim' })),
});
export type DiscoveredBody = Static<typeof DiscoveredBody>;
const BatchGroup = {
  internal_batch_id: Nullable(Type.String()),
  internal_vendor_id: Nullable(Type.String()),
  batch_id: Nullable(Type.String()),
  name: Nullable(Type.String()),
};
export const DiscoveredResponse = Ok({
  ...BatchGroup,
  data: Type.Array(Type.Object({ ...BatchGroup, stim_data: Type.Array(BatchStim, { description: 'The stims (as /batch/stims data[])' }) }), {
    description: "The legacy client's shape: data[0].stim_data is the batch's stims. Empty when the body names no batch.",
  }),
});
export type DiscoveredResponse = Static<typeof DiscoveredResponse>;

export const discovered = defineOperation({
  ...batchRead, operationId: 'listDiscoveredStims', path: '/v1.0/batch/stimulus/discovered',
  summary: "The discovered stims of a batch in the legacy client's shape (data[0].stim_data; /batch/stims answers them flat)",
  description: 'Without a batch (the legacy stim list sends {} on mount and reads nothing of it) the answer is an empty list. Naming one of internal_batch_id / internal_vendor_id without the other is a 400.',
  body: DiscoveredBody, optionalBody: true,
  response: { 200: DiscoveredResponse },
  errors: [400, 404],
});

export const reportData = defineOperation({
  ...report, operationId: 'getBatchReportData', path: '/v1.0/batch/report-data',
  summary: 'KPI metrics, norms and features of a batch stim (or every stim of the batch)',
  response: { 200: BatchReportResponse },
});

export const reportFeatureData = defineOperation({
  ...report, operationId: 'getBatchReportFeatureData', path: '/v1.0/batch/report-feature-data',
  summary: 'Feature (AOI) metrics of a batch stim (or every stim of the batch)',
  response: { 200: BatchFeatureResponse },
});

export const reportVisual = defineOperation({
  ...report, operationId: 'getBatchReportVisual', path: '/v1.0/batch/report-visual',
  summary: 'Signed URLs of the stim and its heatmap, analysis, feature analysis and view order visuals',
  response: { 200: BatchVisualResponse },
});

export const reportGraph = defineOperation({
  ...report, operationId: 'getBatchReportGraph', path: '/v1.0/batch/report-graph',
  summary: 'Attention (survival) curve of a batch stim: percent still viewing by dwell time',
  response: { 200: BatchGraphResponse },
});

export const reportStats = defineOperation({
  ...report, operationId: 'getBatchReportStats', path: '/v1.0/batch/report-stats',
  summary: 'One row per metric of a batch stim: actual, norm and base sizes (the KPI table download)',
  response: { 200: BatchStatsResponse },
});

export const reportParticipant = defineOperation({
  ...report, operationId: 'getBatchReportParticipant', path: '/v1.0/batch/report-participant',
  summary: 'One row per participant and stim (batch-participant-data)',
  response: { 200: BatchParticipantResponse },
});

export const reportParticipantData = defineOperation({
  ...report, operationId: 'getBatchReportParticipantData', path: '/v1.0/batch/report-participant-data',
  summary: 'Per stim, its participant rows (batch-stim-data; the legacy client reads data[0].participant_data)',
  response: { 200: BatchParticipantDataResponse },
});

export const reportParticipantFeatureData = defineOperation({
  ...report, operationId: 'getBatchReportParticipantFeatureData', path: '/v1.0/batch/report-participant-feature-data',
  summary: 'Per stim, one row per participant and feature (batch-feature-data)',
  response: { 200: BatchFeatureParticipantResponse },
});

/**
 * The interactive visual of one batch stim (issue 37): the study report's gaze_points answer for the
 * batch stim's placement. No demographic filters: the batch reports are over every respondent.
 */
export const BatchGazePointsBody = Type.Object({
  ...BatchRefProperties,
  internal_stim_id: IntLike(1, { description: 'The batch stim (internal_stim_id of the stim list)' }),
  slice_ms: GazePointsBody.properties.slice_ms,
});
export type BatchGazePointsBody = Static<typeof BatchGazePointsBody>;

export const reportGazePoints = defineOperation({
  ...batchRead, operationId: 'getBatchReportGazePoints', path: '/v1.0/batch/report-gaze-points',
  summary: "A batch stim's fixations binned per time slice, clustered, and its AOIs with their metrics (the interactive visual)",
  description: 'The same answer and bounds as the study reports\' gaze_points, over every respondent of the batch stim (batch reports carry no demographic filters).',
  body: BatchGazePointsBody,
  response: { 200: GazePointsResponse },
});

export const vendorStims = defineOperation({
  ...batchRead, operationId: 'listVendorStims', path: '/v1.0/vendor/stimulus/list', errors: [],
  summary: "Every stim discovered in the acting company's batches, paged, sorted, filtered by name and type",
  description: 'The body is optional; without page_num and results_per_page (the legacy client posts {}) every row is answered as one page. The legacy client sends the path with a trailing space; it is tolerated.',
  body: VendorStimListBody, optionalBody: true,
  response: { 200: VendorStimListResponse },
});

export const getTpStim = defineOperation({
  tags, operationId: 'getTpStimAois', method: 'GET', path: '/v1.0/analysis/tpstimuli/:id', access: 'read', roles: BATCH_ROLES,
  summary: 'A batch stim and its areas of interest, for the AOI editor (type=batch)',
  params: TpParams,
  response: { 200: TpAoiResponse },
  errors: [404],
});

export const saveTpStim = defineOperation({
  tags, operationId: 'saveTpStimAois', method: 'POST', path: '/v1.0/analysis/tpstimuli/:id', access: 'write', roles: BATCH_ROLES,
  summary: "Replace a batch stim's areas of interest and queue the recompute of its feature metrics",
  description: 'AOIs sent with their id are kept (and changed); those left out are deleted; new ones are created.',
  params: TpParams,
  body: TpSaveBody,
  response: { 200: TpSaveResponse },
  errors: [404],
});

export const files = defineOperation({
  tags: ['files', ...tags], operationId: 'listStudyFiles', method: 'POST', path: '/v1.0/studies/files', access: 'read', roles: SIGNED_IN,
  summary: "Files of the acting company's studies (for batch users: of their batches), with signed links",
  description: 'The legacy client sends the path with a trailing space; it is tolerated. The body is ignored.',
  optionalBody: true,
  body: Type.Object({}),
  response: { 200: FileListResponse },
});

export const operations = {
  list, stims, discovered, reportData, reportFeatureData, reportVisual, reportGraph, reportGazePoints, reportStats, reportParticipant,
  reportParticipantData, reportParticipantFeatureData, vendorStims, getTpStim, saveTpStim, files,
};
