// Attention reports (server/routes/reports; spec document 3 §7): the stim tree, the compare
// report sections and the per-stim KPI and feature reports with their downloads. All POST reads,
// scoped to the caller's company: another company's study, or a cell/step/stim not in the study,
// answers 404.
import { Type, type Static, type TSchema } from 'typebox';
import { defineOperation, Dict, Id, IdParam, Int4, Nullable, Ok, ReportOptionsProperties, STUDY_ROLES, StudyParams, type ReportType } from './common.js';
import { METRIC_NAMES, type MetricName } from './values/reports.js';
export * from './values/reports.js';

// ---- metrics ---------------------------------------------------------------------------------------

const metricProps = () => Object.fromEntries(METRIC_NAMES.map((m) => [m, Nullable(Type.Number())])) as Record<MetricName, ReturnType<typeof Nullable<ReturnType<typeof Type.Number>>>>;

export const StimMetrics = Type.Object({ ...metricProps(), base_size: Int4({ description: '|E|: measured exposures' }) });
export type StimMetrics = Static<typeof StimMetrics>;
export const NormMetrics = Type.Object({ ...metricProps(), norm_size: Int4({ description: 'Stims in the comparison set' }) });
export type NormMetrics = Static<typeof NormMetrics>;

export const NORM_TYPE_IDS = [1, 2, 3, 4] as const;
export const NormTypeId = Type.Unsafe<1 | 2 | 3 | 4>({ type: 'integer', enum: [...NORM_TYPE_IDS] });
export const NormTypes = Type.Object({ 1: Type.String(), 2: Type.String(), 3: Type.String(), 4: Type.String() }, { description: 'Norm type id → name' });
export const GraphTypeId = Type.Unsafe<1 | 2 | 3>({ type: 'integer', enum: [1, 2, 3], description: '1 dwell time, 2 page dwell time, 3 viewable time' });
export const DataTypes = Type.Object({ 1: Type.String(), 2: Type.String(), 3: Type.String() }, { description: 'Graph type id → name' });

/** The legacy client's name for a feature's mean dwell (its compare table's default metric, issue 39). */
const LegacyFeatureDwell = Type.Optional(Nullable(Type.Number({ description: 'The same value as avg_feature_dwell_time, under the name the legacy client reads' })));
export const FeatureMetrics = Type.Object({
  avg_feature_dwell_time: Nullable(Type.Number()),
  panelist_viewed_percent: Nullable(Type.Number({ description: 'null only for a tag of feature_tag_list the stim has no AOI of' })),
  view_order: Nullable(Type.Integer()),
  avg_stim_dwell_time: LegacyFeatureDwell,
});
export type FeatureMetrics = Static<typeof FeatureMetrics>;
export const FeatureNorm = Type.Object({
  avg_feature_dwell_time: Nullable(Type.Number()),
  panelist_viewed_percent: Nullable(Type.Number()),
  view_order: Nullable(Type.Number()),
  norm_size: Int4(),
  avg_stim_dwell_time: LegacyFeatureDwell,
});
export type FeatureNorm = Static<typeof FeatureNorm>;

/**
 * AOI metrics beside the spec's three (issue 23; docs/metrics.md "AOI metrics"): per feature tag,
 * over the stim's viewers who fixated it, except first_fixated_percent (over the stim's viewers).
 */
export const AOI_METRIC_NAMES = [
  'time_to_first_fixation',
  'time_to_first_fixation_viewable',
  'avg_fixation_count',
  'avg_fixation_duration',
  'avg_revisits',
  'first_fixated_percent',
] as const;
export type AoiMetricName = (typeof AOI_METRIC_NAMES)[number];
const AOI_METRIC_DESCRIPTIONS: Record<AoiMetricName, string> = {
  time_to_first_fixation: 'Seconds from the stim\'s onset to the first fixation in the feature, mean over the viewers who fixated it',
  time_to_first_fixation_viewable: 'Seconds from the stim\'s first viewable moment to the first fixation in the feature (0 when earlier), same viewers',
  avg_fixation_count: 'Fixations in the feature per viewer who fixated it',
  avg_fixation_duration: 'Seconds: the feature\'s fixation time over its fixations (all viewers pooled)',
  avg_revisits: 'Returns to the feature after leaving it, per viewer who fixated it',
  first_fixated_percent: 'Viewers whose first fixated feature it was ÷ viewers of the stim × 100',
};
export const AoiMetrics = Type.Object(Object.fromEntries(AOI_METRIC_NAMES.map((m) =>
  [m, Nullable(Type.Number({ description: AOI_METRIC_DESCRIPTIONS[m] }))])) as Record<AoiMetricName, ReturnType<typeof Nullable<ReturnType<typeof Type.Number>>>>);
export type AoiMetrics = Static<typeof AoiMetrics>;
export const AoiMetricNorm = Type.Object({ ...AoiMetrics.properties, norm_size: Int4({ description: 'Comparison stims with a feature of the same tag' }) });
export type AoiMetricNorm = Static<typeof AoiMetricNorm>;
export const Scanpath = Type.Object({
  viewers: Int4({ description: "Viewers of the stim who fixated at least one feature: every share's denominator" }),
  positions: Type.Array(Type.Object({
    position: Int4({ description: '1 = the first feature a viewer fixated' }),
    counts: Dict(Int4(), { description: 'Feature tag → viewers who entered it at this position' }),
  })),
  typical_order: Type.Array(Type.String(), { description: "The view order's features (view_order.features, issue 37 item 6: one order for the image and the words)" }),
}, { description: 'Aggregate scanpath: the order in which viewers entered the features (issue 23 item 3)' });
export type Scanpath = Static<typeof Scanpath>;

/** Issue 37 item 6: the one view order, with its base per feature (docs/metrics.md "View order"). */
export const ViewOrder = Type.Object({
  min_base: Int4({ description: 'Features fixated by fewer viewers than this are flagged low_base' }),
  features: Type.Array(Type.Object({
    feature_name: Type.String(),
    rank: Int4({ description: '1 = fixated first on average (mean time to first fixation over its viewers); equals feature_data[].view_order' }),
    viewers: Int4({ description: 'The base n: viewers who fixated the feature' }),
    low_base: Type.Boolean({ description: 'viewers < min_base: shown, flagged as too few to rely on' }),
  }), { description: 'Features fixated by at least one viewer, first first' }),
});
export type ViewOrder = Static<typeof ViewOrder>;

export const StimKind = Type.Union([Type.Literal('image'), Type.Literal('video')]);
const url = (description?: string) => Type.String(description ? { description } : {});
const nullableUrl = () => Nullable(Type.String());

// ---- requests --------------------------------------------------------------------------------------

export const StimParams = Type.Object({
  id: IdParam({ description: 'Study id' }),
  cell: IdParam(),
  step: IdParam(),
  stim: IdParam(),
});
export type StimParams = Static<typeof StimParams>;

const optionProps = { ...ReportOptionsProperties, norm_type_id: Type.Optional(NormTypeId) };
export const GraphProperties = {
  graph_type_id: Type.Optional(GraphTypeId),
  time_segment: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3_600_000, description: 'ms between points' })),
  max_time: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3_600_000, description: 'ms' })),
  estimator: Type.Optional(Type.Union([Type.Literal('empirical'), Type.Literal('km')], {
    description: "'empirical' (default, the spec's curve) or 'km': Kaplan–Meier, values still growing when the page ended treated as censored (docs/metrics.md)",
  })),
};

export const StimRef = Type.Object({ cell_id: Id(), step_id: Id(), stim_id: Id() });
const compareData = Type.Array(StimRef, { maxItems: 200 });

export const CompareBody = Type.Object({ data: compareData, ...optionProps });
export type CompareBody = Static<typeof CompareBody>;
/** The stims whose norm sets are counted: norms are over other stims, unfiltered, so no filters or norm type. */
export const NormSizesBody = Type.Object({ data: compareData });
export type NormSizesBody = Static<typeof NormSizesBody>;
export const CompareGraphBody = Type.Object({ data: compareData, ...optionProps, ...GraphProperties });
export type CompareGraphBody = Static<typeof CompareGraphBody>;
export const StimBody = Type.Object(optionProps);
export type StimBody = Static<typeof StimBody>;
export const StimGraphBody = Type.Object({ ...optionProps, ...GraphProperties });
export type StimGraphBody = Static<typeof StimGraphBody>;
export const OverviewBody = Type.Object({});

// ---- responses -------------------------------------------------------------------------------------

export const StimTreeResponse = Type.Object({
  study_id: Id(),
  study_name: Type.String(),
  brief: Nullable(Type.String()),
  methodology: Nullable(Type.String()),
  has_survey: Type.Boolean(),
  has_demographics: Type.Boolean({ description: 'Real, complete participants with at least one demographic group' }),
  data: Type.Array(Type.Object({
    cell_id: Id(),
    cell_name: Type.String(),
    step_list: Type.Array(Type.Object({
      step_id: Id(),
      cachepage_url: Nullable(Type.String({ description: 'The original page of a cache page step, else null' })),
      stimulus_list: Type.Array(Type.Object({
        stimulus_id: Id(),
        stimulus_name: Type.String(),
        stimulus_type: Type.String({ description: 'Stim type code (s, va, vx, i, v)' }),
        stimulus_source: nullableUrl(),
        stimulus_source_alternate: nullableUrl(),
      })),
    })),
  })),
});
export type StimTreeResponse = Static<typeof StimTreeResponse>;

/** How reports name the placement (contract/placements.ts): the stim name, with its cell (and step) when the study places that name more than once. */
const StimLabel = () => Type.Optional(Type.String({ description: "The placement's label: stim_name, plus ' · {cell name}' (and ' · Step n') when several placements of the study share the name (issue 37 item 5)" }));
const placed = { stim_name: Type.String(), stim_label: StimLabel(), stim_id: Id(), cell_id: Id(), step_id: Id() };
const norms = { current_norm_type: NormTypeId, norm_types: NormTypes };

const Interval = Type.Object({
  low: Nullable(Type.Number({ description: 'Lower bound, percent; null when n is 0' })),
  high: Nullable(Type.Number({ description: 'Upper bound, percent; null when n is 0' })),
  k: Int4({ description: 'Exposures counted in the share' }),
  n: Int4({ description: 'The base the share is of' }),
}, { description: '95 % Wilson score interval (docs/metrics.md "Uncertainty")' });
const MeanStats = (description: string) => Type.Object({
  se: Nullable(Type.Number({ description: 'Standard error of the mean, in the metric\'s unit; null when n < 2' })),
  n: Int4({ description: 'The base the mean is over' }),
}, { description });
/** Beside the spec's figures, never instead of them (issue 15 item 4). */
export const StimStats = Type.Object({
  base_size: Int4({ description: '|E|: the measured base' }),
  insufficient_gaze: Int4({ description: 'Exposures that passed the quality thresholds but whose gaze was sampled too sparsely for fixation detection (median sample spacing over max_gap_ms, 150 ms): left out of base_size and every figure, counted here' }),
  panelist_viewable_percent: Interval,
  panelist_viewed_percent: Type.Object(Interval.properties, { description: '95 % Wilson interval; its base n is the viewable exposures' }),
  panelist_viewable_script_percent: Type.Object(Interval.properties, { description: '95 % Wilson interval; its base n is every exposure' }),
  avg_page_dwell_time: MeanStats('Over E, seconds'),
  avg_stim_viewable_time: MeanStats('Over the viewable exposures of E, seconds'),
  avg_stim_dwell_time: MeanStats('Over the viewed exposures of E, seconds'),
  avg_time_to_first_view: MeanStats('Over the viewed exposures of E, seconds'),
  percent_viewable: MeanStats('Over E, percent'),
  avg_viewed_time: MeanStats('Over the viewable exposures of E (non-viewers 0 s), seconds'),
  attention_per_1000_impressions: MeanStats('Mean over E of dwell (0 when not viewed) × 1000, seconds per 1000 impressions'),
});
export type StimStats = Static<typeof StimStats>;

/** Beside norm_data: a norm is a mean over its comparison set's stims, so its SE is over those stims. */
export const NormStats = Type.Object(Object.fromEntries(METRIC_NAMES.map((m) => [m,
  MeanStats('Standard error of the norm over the stims of its comparison set (n: stims with a value), in the metric\'s unit')])) as
  Record<MetricName, ReturnType<typeof MeanStats>>, { description: 'Per metric, beside norm_data (issue 15; docs/metrics.md "Uncertainty")' });
export type NormStats = Static<typeof NormStats>;

export const OverallAttentionResponse = Ok({
  ...norms,
  data: Type.Array(Type.Object({ ...placed, stim_data: StimMetrics, norm_data: NormMetrics, stim_stats: Type.Optional(StimStats), norm_stats: Type.Optional(NormStats) })),
});
export type OverallAttentionResponse = Static<typeof OverallAttentionResponse>;

/** A number per norm type: 1 Brand, 2 Brand Category, 3 Base, 4 Ad Category (NormTypes). */
const PerNormType = <T extends TSchema>(value: () => T, description: string) =>
  Type.Object({ 1: value(), 2: value(), 3: value(), 4: value() }, { description });

/** Every norm type's set size of each stim in one answer (issue 40 item 2): the report's norm selectors' labels. */
export const NormSizesResponse = Ok({
  norm_types: NormTypes,
  data: Type.Array(Type.Object({
    ...placed,
    norm_size: PerNormType(() => Int4(), "Stims in each norm type's comparison set: overall_attention's norm_data.norm_size for that norm_type_id"),
    feature_norm_size: PerNormType(
      () => Dict(Int4()),
      "Per norm type, per feature tag of the stim: comparison stims with a feature of that tag (feature_attention's norm_data[tag].norm_size for that norm_type_id)",
    ),
  })),
});
export type NormSizesResponse = Static<typeof NormSizesResponse>;

export const GraphResponse = Ok({
  current_graph_type_id: GraphTypeId,
  time_segment: Type.Number(),
  max_time: Type.Number(),
  data_types: DataTypes,
  estimator: Type.Optional(Type.Union([Type.Literal('empirical'), Type.Literal('km')], { description: 'Which curve graph_data is' })),
  estimator_label: Type.Optional(Type.String()),
  data: Type.Array(Type.Object({
    ...placed,
    graph_data: Type.Array(Type.Object({ x: Type.Number({ description: 'seconds' }), y: Type.Number({ description: '% of the base' }) })),
    base_size: Type.Optional(Int4({ description: 'Members of the curve\'s base (viewed, measured or viewable exposures by graph type)' })),
    censored: Type.Optional(Int4({ description: "Kaplan–Meier only: members whose value was cut short by the end of the page" })),
  })),
});
export type GraphResponse = Static<typeof GraphResponse>;

/**
 * A point of the attention curve as the legacy client draws it (issue 39): its tooltip reads
 * "People: {x}" and "Dwell time: {y}ms", and the spec converts y "from ms by dividing by 1000".
 */
export const LegacyGraphPoint = Type.Object({
  x: Type.Number({ description: 'percent of the base still viewing' }),
  y: Type.Number({ description: 'dwell time in ms' }),
});
/** The legacy graph_data paths: graph_data transposed, the spec form kept as survival_data. */
export const LegacyGraphResponse = Ok({
  current_graph_type_id: GraphTypeId,
  time_segment: Type.Number(),
  max_time: Type.Number(),
  data_types: DataTypes,
  estimator: Type.Optional(Type.Union([Type.Literal('empirical'), Type.Literal('km')])),
  estimator_label: Type.Optional(Type.String()),
  data: Type.Array(Type.Object({
    ...placed,
    graph_data: Type.Array(LegacyGraphPoint, { description: 'x = percent still viewing, y = dwell in ms (the legacy client\'s axes)' }),
    survival_data: Type.Array(Type.Object({ x: Type.Number({ description: 'seconds' }), y: Type.Number({ description: '% of the base' }) }), { description: 'The same curve as graph2_data answers it: x = seconds, y = percent' }),
    base_size: Type.Optional(Int4()),
    censored: Type.Optional(Int4()),
  })),
});
export type LegacyGraphResponse = Static<typeof LegacyGraphResponse>;

export const FeatureAttentionResponse = Ok({
  ...norms,
  feature_tag_list: Type.Array(Type.String()),
  data: Type.Array(Type.Object({
    ...placed, feature_data: Dict(FeatureMetrics), norm_data: Dict(FeatureNorm),
    feature_stats: Type.Optional(Dict(Type.Object({
      panelist_viewed_percent: Type.Object(Interval.properties, { description: "95 % Wilson interval; its base n is the stim's viewers" }),
      avg_feature_dwell_time: MeanStats("Over the viewers who fixated the feature, seconds"),
    }), { description: 'Per feature tag, beside feature_data (issue 15; docs/metrics.md "Uncertainty")' })),
  })),
});
export type FeatureAttentionResponse = Static<typeof FeatureAttentionResponse>;

export const VisualData = Type.Object({
  stim_id: Id(),
  cell_id: Id(),
  step_id: Id(),
  stim_type: StimKind,
  stim_height: Type.Number(),
  stim_width: Type.Number(),
  stim_name: Type.String(),
  stim_label: StimLabel(),
  original_url: nullableUrl(),
  original_url_low_quality: nullableUrl(),
  vieworder_url: url(),
  vieworder_url_low_quality: url(),
  featureanalysis_url: url(),
  featureanalysis_url_low_quality: url(),
  analysis_url: url(),
  analysis_url_low_quality: url(),
  heatmap_url: url(),
  heatmap_url_low_quality: url(),
});
export type VisualData = Static<typeof VisualData>;
/** Issue 41: set once retention removed raw gaze of the study (heatmaps and view order then show the sessions still holding it). */
const rawGazeNotice = { raw_gaze_notice: Type.Optional(Nullable(Type.String({ description: "\"Raw gaze data for this study was removed on dd/mm/yyyy under the company's retention policy\"; null while none was" }))) };
export const VisualDataResponse = Ok({ data: Type.Array(VisualData), ...rawGazeNotice });
export type VisualDataResponse = Static<typeof VisualDataResponse>;

const stimHead = {
  stim_id: Id(),
  stim_name: Type.String(),
  stim_label: StimLabel(),
  stim_type: StimKind,
  stim_source: nullableUrl(),
  feature_analysis_source: url('Signed visual URL'),
  view_order_source: url('Signed visual URL'),
  stim_width: Type.Number(),
  stim_height: Type.Number(),
};

/** The KPI answer's stim metrics add the legacy client's 'viewed over 1 s' share. */
export const KpiStimMetrics = Type.Object({
  ...StimMetrics.properties,
  panelist_viewed_over1_percent: Type.Number({ description: 'Viewable exposures of E with more than 1 s of stim dwell ÷ viewable × 100 (conditional on viewable, like panelist_viewed_percent)' }),
});

export const KpiResponse = Ok({
  ...stimHead,
  stim_type_code: Type.String(),
  heatmap_source: url('Signed visual URL'),
  analysis_source: url('Signed visual URL'),
  stim_data: KpiStimMetrics,
  ...rawGazeNotice,
  norm_data: NormMetrics,
  stim_stats: Type.Optional(StimStats),
  norm_stats: Type.Optional(NormStats),
  ...norms,
});
export type KpiResponse = Static<typeof KpiResponse>;

/** Downloads answer the rows as the body's `data` (the legacy client maps `response.data.data`). */
const download = <T extends TSchema>(row: T) => Ok({ data: Type.Array(row) });
const placement = { cell_id: Id(), step_id: Id() };

export const MetricRow = Type.Object({
  ...placement,
  stim_id: Id(),
  stim_name: Type.String(),
  stim_label: StimLabel(),
  metric: Type.String(),
  label: Type.String(),
  actual: Nullable(Type.Number()),
  norm: Nullable(Type.Number()),
  norm_type: Type.String(),
  base_size: Int4(),
  norm_size: Int4(),
});
export const StimReportResponse = download(MetricRow);
export type StimReportResponse = Static<typeof StimReportResponse>;

export const FeatureAnalysisResponse = Ok({
  ...stimHead,
  stim_data: Type.Object({
    avg_page_dwell_time: Nullable(Type.Number()),
    panelist_viewed_percent: Nullable(Type.Number()),
    avg_stim_dwell_time: Nullable(Type.Number()),
    base_size: Int4(),
  }),
  feature_data: Type.Array(Type.Object({
    feature_name: Type.String(),
    avg_feature_dwell_time: Nullable(Type.Number()),
    panelist_viewed_percent: Type.Number(),
    view_order: Nullable(Type.Integer()),
    norm: FeatureNorm,
    aoi_metrics: Type.Optional(AoiMetrics),
    aoi_norm: Type.Optional(AoiMetricNorm),
  })),
  scanpath: Type.Optional(Scanpath),
  view_order: Type.Optional(ViewOrder),
  data: Type.Array(Type.Object({
    feature_name: Type.String(),
    avg_feature_dwell_time: Nullable(Type.Number()),
    avg_page_dwell_time: Nullable(Type.Number({ description: "The stim's average page dwell time (the legacy table's column)" })),
    panelist_viewed_percent: Type.Number(),
  }), { description: 'feature_data as the legacy client reads it' }),
  ...norms,
});
export type FeatureAnalysisResponse = Static<typeof FeatureAnalysisResponse>;

export const FeatureParticipantRow = Type.Object({
  participant_reference: Type.String(),
  feature_name: Type.String(),
  dwell_time: Type.Number(),
  time_to_first_fixation: Nullable(Type.Number()),
  fixation_count: Int4(),
  // Issue 23's AOI metrics of this viewer, after the spec's columns (null before a recompute filled them).
  time_to_first_fixation_viewable: Type.Optional(Nullable(Type.Number({ description: 'Seconds from the first viewable moment' }))),
  avg_fixation_duration: Type.Optional(Nullable(Type.Number({ description: 'Seconds' }))),
  revisits: Type.Optional(Nullable(Int4())),
  fixated_first: Type.Optional(Nullable(Type.Boolean({ description: 'The first feature this viewer fixated' }))),
});
export const FeatureReportResponse = download(Type.Object({ ...placement, stim_id: Id(), stim_name: Type.String(), participant_data: Type.Array(FeatureParticipantRow) }));
export type FeatureReportResponse = Static<typeof FeatureReportResponse>;

/** Who a participant-data row is about (study and batch downloads). */
export const respondentFields = {
  participant_reference: Type.String(),
  age_group: Nullable(Type.String()),
  family_group: Nullable(Type.String()),
  earnings_group: Nullable(Type.String()),
  gender_group: Nullable(Type.String()),
  has_eyetracking: Type.Boolean(),
};
/** What one exposure measured, in seconds (study and batch participant downloads). */
export const exposureMeasures = {
  page_dwell_time: Type.Number(),
  viewable: Type.Boolean(),
  viewable_time: Type.Number(),
  viewed: Type.Boolean(),
  dwell_time: Type.Number(),
  time_to_first_view: Nullable(Type.Number()),
  fixation_count: Int4(),
};

export const ParticipantRow = Type.Object({
  ...placement,
  stim_id: Id(),
  stim_name: Type.String(),
  ...respondentFields,
  calibration_accuracy_px: Nullable(Type.Number()),
  calibration_precision_px: Nullable(Type.Number()),
  frame_rate: Nullable(Type.Number()),
  connection_speed_kbps: Nullable(Type.Number()),
  in_base: Type.Boolean({ description: 'A member of the measured base E' }),
  ...exposureMeasures,
});
export const ParticipantReportResponse = download(ParticipantRow);
export type ParticipantReportResponse = Static<typeof ParticipantReportResponse>;

// ---- operations ------------------------------------------------------------------------------------

// Study content: batch users are refused (contract/common.ts STUDY_ROLES).
const report = { tags: ['reports'], access: 'read', roles: STUDY_ROLES, errors: [404] } as const;
const compare = { ...report, params: StudyParams } as const;
/**
 * The report views that read an operation: an embed token limited to report types opens it only
 * for one of them (contract/common.ts EmbedUse). The compare report reads the compare sections, the
 * KPI report the per-stim metrics, curve and stim data, the feature report the feature reads; the
 * participant data download sits in both the KPI and the feature report; the stim picker (stim
 * tree) serves the three.
 */
const embedFor = <const T extends readonly [ReportType, ...ReportType[]]>(...reportTypes: T) => ({ embed: { reportTypes } });
const ATTENTION = ['compare', 'kpi', 'feature'] as const;
const stim = (suffix: string) => ({ ...report, method: 'POST', path: `/v1.0/studies/:id/cell/:cell/step/:step/stimuli/:stim/${suffix}`, params: StimParams, optionalBody: true }) as const;

export const stimTree = defineOperation({
  ...compare, operationId: 'getStimTree', method: 'POST', path: '/v1.0/studies/:id/stims/overview', ...embedFor(...ATTENTION),
  summary: "A study's cells, steps and stims (the report's stim picker)",
  body: OverviewBody, optionalBody: true,
  response: { 200: StimTreeResponse },
});

export const overallAttention = defineOperation({
  ...compare, operationId: 'compareOverallAttention', method: 'POST', path: '/v1.0/studies/:id/compare_report/overall_attention', ...embedFor('compare'),
  summary: 'Compare report: the attention metrics of the chosen stims with their norms',
  body: CompareBody,
  response: { 200: OverallAttentionResponse },
});

export const normSizes = defineOperation({
  ...compare, operationId: 'compareNormSizes', method: 'POST', path: '/v1.0/studies/:id/compare_report/norm_sizes', ...embedFor('compare'),
  summary: "Compare report: the size of every norm type's comparison set of the chosen stims, overall and per feature tag",
  description: 'One answer for the norm selectors\' labels (all four norm types), instead of overall_attention and feature_attention once per norm type.',
  body: NormSizesBody,
  response: { 200: NormSizesResponse },
});

export const compareGraph = defineOperation({
  ...compare, operationId: 'compareGraph', method: 'POST', path: '/v1.0/studies/:id/compare_report/graph2_data', ...embedFor('compare'),
  summary: 'Compare report: survival curves of the chosen stims',
  description: 'At most 1000 points (max_time / time_segment); more answers 400 naming time_segment.',
  body: CompareGraphBody,
  response: { 200: GraphResponse },
});

export const featureAttention = defineOperation({
  ...compare, operationId: 'compareFeatureAttention', method: 'POST', path: '/v1.0/studies/:id/compare_report/feature_attention', ...embedFor('compare'),
  summary: 'Compare report: feature (AOI tag) metrics of the chosen stims with their norms',
  body: CompareBody,
  response: { 200: FeatureAttentionResponse },
});

export const visualData = defineOperation({
  ...compare, operationId: 'compareVisualData', method: 'POST', path: '/v1.0/studies/:id/compare_report/visual_data', ...embedFor('compare'),
  summary: 'Compare report: signed URLs of the chosen stims and their visuals',
  body: CompareBody,
  response: { 200: VisualDataResponse },
});

export const kpiAnalysis = defineOperation({
  ...stim('kpi_analysis'), operationId: 'stimKpiAnalysis', ...embedFor('kpi'),
  summary: "One stim's attention metrics with its norm and visuals",
  body: StimBody,
  response: { 200: KpiResponse },
});

export const stimGraph = defineOperation({
  ...stim('graph2_data'), operationId: 'stimGraph', ...embedFor('kpi'),
  summary: "One stim's survival curve",
  body: StimGraphBody,
  response: { 200: GraphResponse },
});

export const stimReport = defineOperation({
  ...stim('report'), operationId: 'stimReport', ...embedFor('kpi'),
  summary: 'Stim data download: one row per metric with its norm',
  body: StimBody,
  response: { 200: StimReportResponse },
});

export const featureAnalysis = defineOperation({
  ...stim('feature_analysis'), operationId: 'stimFeatureAnalysis', ...embedFor('feature'),
  summary: "One stim's feature (AOI tag) metrics with their norms",
  body: StimBody,
  response: { 200: FeatureAnalysisResponse },
});

export const featureReport = defineOperation({
  ...stim('feature_report'), operationId: 'stimFeatureReport', ...embedFor('feature'),
  summary: 'Feature data download: per viewer and feature tag',
  body: StimBody,
  response: { 200: FeatureReportResponse },
});

export const participantReport = defineOperation({
  ...stim('participant_report'), operationId: 'stimParticipantReport', ...embedFor('kpi', 'feature'),
  summary: 'Participant data download: one row per exposure (in_base marks the measured base)',
  body: StimBody,
  response: { 200: ParticipantReportResponse },
});

// ---- the interactive visual (issue 37 items 3–4; docs/api.md "Gaze points") -----------------------

export const GazePointsBody = Type.Object({
  ...ReportOptionsProperties,
  slice_ms: Type.Optional(Type.Integer({
    minimum: 250, maximum: 600_000,
    description: 'Width of a time slice in ms (default 1000), rounded to 250 ms steps and widened so the span takes at most 120 slices',
  })),
});
export type GazePointsBody = Static<typeof GazePointsBody>;

/** Grid cells along the longer side and the most slices and clusters an answer holds (its bound). */
export const GAZE_GRID_CELLS = 48;
export const GAZE_MAX_SLICES = 120;
export const GAZE_MAX_CLUSTERS = 40;
const GAZE_MAX_BINS = GAZE_GRID_CELLS * GAZE_GRID_CELLS;

export const GazeSlice = Type.Object({
  start_ms: Type.Number({ description: 'Exposure time (from the stim\'s first viewable moment), ms' }),
  end_ms: Type.Number(),
  index: Type.Array(Type.Integer({ minimum: 0 }), { maxItems: GAZE_MAX_BINS, description: 'Row-major cell indexes with fixations in the slice, ascending' }),
  duration_ms: Type.Array(Type.Number(), { maxItems: GAZE_MAX_BINS, description: 'Fixation time per listed cell, ms' }),
  count: Type.Array(Type.Integer(), { maxItems: GAZE_MAX_BINS, description: 'Fixations per listed cell' }),
});
export type GazeSlice = Static<typeof GazeSlice>;

export const GazeCluster = Type.Object({
  x: Type.Number({ description: 'Centre, stim pixels (fixation-time weighted)' }),
  y: Type.Number(),
  radius: Type.Number({ description: 'RMS distance of its fixations from the centre, stim pixels' }),
  fixations: Int4(),
  respondents: Int4(),
  duration_ms: Type.Number(),
  median_ms: Type.Number({ description: 'Median start of its fixations, ms of exposure time' }),
  order: Int4({ description: 'Gaze-plot number: 1 = visited first (by median_ms)' }),
});
export type GazeCluster = Static<typeof GazeCluster>;

export const GazeAoi = Type.Object({
  id: Id(),
  tag: Type.String(),
  shape: Type.String({ description: "'rect' or 'polygon'" }),
  x: Type.Number({ description: 'Bounding box, stim pixels' }),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  points: Type.Array(Type.Object({ x: Type.Number(), y: Type.Number() }), { maxItems: 1000, description: 'Polygon corners (empty for a rectangle)' }),
  panelist_viewed_percent: Type.Number({ description: "% of the stim's viewers who fixated the feature (its tag)" }),
  avg_feature_dwell_time: Nullable(Type.Number({ description: 'Seconds, over the viewers who fixated it' })),
  view_order: Nullable(Type.Integer()),
  time_to_first_fixation: Nullable(Type.Number({ description: 'Seconds, over the viewers who fixated it' })),
  viewers: Int4({ description: 'Viewers who fixated the feature' }),
});
export type GazeAoi = Static<typeof GazeAoi>;

export const GazePointsResponse = Ok({
  stim_id: Id(),
  stim_type: StimKind,
  stim_source: nullableUrl(),
  stim_width: Type.Number({ description: 'The coordinate space of grid, clusters and AOIs (stim pixels)' }),
  stim_height: Type.Number(),
  duration_ms: Nullable(Type.Number({ description: "A video's length (ms) when known" })),
  span_ms: Type.Number({ description: 'Exposure time the slices cover: the video\'s length, else up to the last fixation (whole seconds)' }),
  slice_ms: Type.Number(),
  grid: Type.Object({
    cols: Int4({ maximum: GAZE_GRID_CELLS }), rows: Int4({ maximum: GAZE_GRID_CELLS }),
    cell_px: Type.Number({ description: 'Stim pixels per cell side' }),
    sigma_px: Type.Number({ description: "The heatmap kernel's sigma, stim pixels (docs/metrics.md)" }),
  }),
  base_size: Int4({ description: 'Measured exposures (respondents) whose fixations are binned, after the filters' }),
  viewers: Int4({ description: 'Viewers of the stim in that base (the AOI percentages\' base)' }),
  fixation_count: Int4(),
  slices: Type.Array(GazeSlice, { maxItems: GAZE_MAX_SLICES }),
  clusters: Type.Array(GazeCluster, { maxItems: GAZE_MAX_CLUSTERS }),
  aois: Type.Array(GazeAoi, { maxItems: 500 }),
});
export type GazePointsResponse = Static<typeof GazePointsResponse>;

export const gazePoints = defineOperation({
  ...stim('gaze_points'), operationId: 'stimGazePoints', ...embedFor('kpi', 'feature'),
  summary: "One stim's fixations binned per time slice, clustered, and its AOIs with their metrics (the interactive visual)",
  description: 'Same filters body as the report reads. Bounded: a grid of at most 48 × 48 cells, at most 120 slices (wider slices for longer spans), at most 40 clusters; only cells with fixations are listed.',
  body: GazePointsBody,
  response: { 200: GazePointsResponse },
});

// ---- legacy forms (the legacy client's paths; docs/api.md "Legacy report calls") ----------------

export const compareGraphLegacy = defineOperation({
  ...compare, operationId: 'compareGraphLegacy', method: 'POST', path: '/v1.0/studies/:id/compare_report/graph_data', ...embedFor('compare'),
  summary: 'Compare report survival curves at the legacy path: graph_data with x = percent still viewing, y = dwell ms (graph2_data\'s points as survival_data)',
  body: CompareGraphBody,
  response: { 200: LegacyGraphResponse },
});

export const stimGraphLegacy = defineOperation({
  ...stim('graph_data'), operationId: 'stimGraphLegacy', ...embedFor('kpi'),
  summary: "One stim's survival curve at the legacy path: graph_data with x = percent still viewing, y = dwell ms (graph2_data's points as survival_data)",
  body: StimGraphBody,
  response: { 200: LegacyGraphResponse },
});

export const StepParams = Type.Object({ id: IdParam({ description: 'Study id' }), cell: IdParam(), step: IdParam() });
export type StepParams = Static<typeof StepParams>;

export const stepParticipantReport = defineOperation({
  ...report, operationId: 'stepParticipantReport', method: 'POST', path: '/v1.0/studies/:id/cell/:cell/step/:step/participant_report', ...embedFor('kpi', 'feature'),
  params: StepParams, optionalBody: true,
  summary: 'Participant data download of every stim of one step (the legacy path without the stim segment)',
  body: StimBody,
  response: { 200: ParticipantReportResponse },
});

const studyDownload = { ...compare, method: 'POST', optionalBody: true, body: StimBody } as const;

export const studyParticipantReport = defineOperation({
  ...studyDownload, operationId: 'studyParticipantReport', path: '/v1.0/studies/:id/participant_report', ...embedFor('kpi', 'feature'),
  summary: 'Participant data download of every stim placed in the study',
  response: { 200: ParticipantReportResponse },
});

export const studyReport = defineOperation({
  ...studyDownload, operationId: 'studyReport', path: '/v1.0/studies/:id/report', ...embedFor('kpi'),
  summary: 'Stim data download of every stim placed in the study: one row per stim and metric',
  response: { 200: StimReportResponse },
});

export const studyFeatureReport = defineOperation({
  ...studyDownload, operationId: 'studyFeatureReport', path: '/v1.0/studies/:id/feature_report', ...embedFor('feature'),
  summary: 'Feature data download of every stim placed in the study',
  response: { 200: FeatureReportResponse },
});

export const operations = {
  stimTree, overallAttention, compareGraph, featureAttention, visualData, normSizes,
  kpiAnalysis, stimGraph, stimReport, featureAnalysis, featureReport, participantReport,
  compareGraphLegacy, stimGraphLegacy, stepParticipantReport, studyParticipantReport, studyReport, studyFeatureReport,
  gazePoints,
};
