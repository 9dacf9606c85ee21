// Attention reports (spec document 3 §7; contract/reports.ts). Every function takes the calling
// element's config first; bodies and answers are the contract's types.
import type {
  CompareBody, CompareGraphBody, FeatureAnalysisResponse, FeatureAttentionResponse, FeatureReportResponse, GraphResponse,
  KpiResponse, OverallAttentionResponse, ParticipantReportResponse, StimBody, StimGraphBody, StimReportResponse, StimTreeResponse,
  VisualDataResponse, GazePointsBody, GazePointsResponse, NormSizesBody, NormSizesResponse,
} from '../../../contract/reports';
import { request, type ApiConfig } from './client';

export type {
  CompareBody, CompareGraphBody, FeatureAnalysisResponse, FeatureAttentionResponse, FeatureReportResponse, GraphResponse,
  KpiResponse, OverallAttentionResponse, ParticipantReportResponse, StimBody, StimGraphBody, StimReportResponse, StimTreeResponse,
  VisualDataResponse, VisualData, MetricName, StimMetrics, NormMetrics, GazePointsBody, GazePointsResponse, GazeAoi, GazeCluster, GazeSlice,
  NormSizesBody, NormSizesResponse,
} from '../../../contract/reports';

/** One placed stim as the per-stim paths name it. */
export interface StimPlace {
  studyId: number;
  cellId: number;
  stepId: number;
  stimId: number;
}

const compare = (studyId: number, part: string) => `/studies/${studyId}/compare_report/${part}`;
const perStim = (p: StimPlace, part: string) => `/studies/${p.studyId}/cell/${p.cellId}/step/${p.stepId}/stimuli/${p.stimId}/${part}`;

export const fetchStimTree = (api: ApiConfig, studyId: number) =>
  request<StimTreeResponse>(api, { method: 'POST', url: `/studies/${studyId}/stims/overview`, data: {} });

export const fetchOverallAttention = (api: ApiConfig, studyId: number, body: CompareBody) =>
  request<OverallAttentionResponse>(api, { method: 'POST', url: compare(studyId, 'overall_attention'), data: body });

/** Every norm type's set sizes of the chosen stims in one answer (the norm selectors' labels). */
export const fetchNormSizes = (api: ApiConfig, studyId: number, body: NormSizesBody) =>
  request<NormSizesResponse>(api, { method: 'POST', url: compare(studyId, 'norm_sizes'), data: body });

export const fetchCompareGraph = (api: ApiConfig, studyId: number, body: CompareGraphBody) =>
  request<GraphResponse>(api, { method: 'POST', url: compare(studyId, 'graph2_data'), data: body });

export const fetchFeatureAttention = (api: ApiConfig, studyId: number, body: CompareBody) =>
  request<FeatureAttentionResponse>(api, { method: 'POST', url: compare(studyId, 'feature_attention'), data: body });

export const fetchVisualData = (api: ApiConfig, studyId: number, body: CompareBody) =>
  request<VisualDataResponse>(api, { method: 'POST', url: compare(studyId, 'visual_data'), data: body });

export const fetchKpi = (api: ApiConfig, place: StimPlace, body: StimBody) =>
  request<KpiResponse>(api, { method: 'POST', url: perStim(place, 'kpi_analysis'), data: body });

export const fetchStimGraph = (api: ApiConfig, place: StimPlace, body: StimGraphBody) =>
  request<GraphResponse>(api, { method: 'POST', url: perStim(place, 'graph2_data'), data: body });

export const fetchFeatureAnalysis = (api: ApiConfig, place: StimPlace, body: StimBody) =>
  request<FeatureAnalysisResponse>(api, { method: 'POST', url: perStim(place, 'feature_analysis'), data: body });

export const fetchStimReport = (api: ApiConfig, place: StimPlace, body: StimBody) =>
  request<StimReportResponse>(api, { method: 'POST', url: perStim(place, 'report'), data: body });

export const fetchParticipantReport = (api: ApiConfig, place: StimPlace, body: StimBody) =>
  request<ParticipantReportResponse>(api, { method: 'POST', url: perStim(place, 'participant_report'), data: body });

export const fetchFeatureReport = (api: ApiConfig, place: StimPlace, body: StimBody) =>
  request<FeatureReportResponse>(api, { method: 'POST', url: perStim(place, 'feature_report'), data: body });

/** The interactive visual's data: binned fixations per time slice, clusters, AOIs with metrics. */
export const fetchGazePoints = (api: ApiConfig, p: StimPlace, body: GazePointsBody) =>
  request<GazePointsResponse>(api, { method: 'POST', url: perStim(p, 'gaze_points'), data: body });
