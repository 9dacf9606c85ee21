// Batches for vendors (spec D3 §7). Wire types come from the contract.
import type {
  BatchFeatureParticipantResponse, BatchFeatureResponse, BatchGraphResponse, BatchListBody, BatchListResponse,
  BatchGazePointsBody, BatchParticipantResponse, BatchReportBody, BatchReportResponse, BatchStatsResponse,
  BatchStimsResponse, BatchVisualResponse, FileListResponse, VendorStimListBody, VendorStimListResponse,
} from '../../../contract/batches';
import type { GazePointsResponse } from '../../../contract/reports';
import { request, type ApiConfig } from './client';

export type {
  BatchListBody, BatchListResponse, BatchRow, BatchStim, BatchStimsResponse, BatchReportResponse, BatchFeatureResponse,
  BatchVisual, BatchVisualResponse, BatchGraphResponse, BatchStatsResponse, BatchParticipantResponse, BatchParticipantDataResponse,
  BatchFeatureParticipantResponse, FeatureItem, VendorStimListBody, VendorStimListResponse, FileListResponse,
} from '../../../contract/batches';

/** A batch and its vendor, as every batch call names them. */
export interface BatchRef {
  internal_batch_id: string;
  internal_vendor_id: string;
}

export type BatchListQuery = Required<Pick<BatchListBody, 'filter_id' | 'filter_name' | 'order_by'>> & { results_per_page: 10 | 25 | 50 | 100; page_num: number };
export type VendorStimQuery = Required<Pick<VendorStimListBody, 'filter_name' | 'filter_stimtype' | 'order_by'>> & { results_per_page: 10 | 25 | 50 | 100; page_num: number };

const post = <T>(api: ApiConfig, url: string, data: object) => request<T>(api, { method: 'POST', url, data });

export const fetchBatchList = (api: ApiConfig, q: BatchListQuery) => post<BatchListResponse>(api, '/batch/list', q);
export const fetchBatchStims = (api: ApiConfig, ref: BatchRef) => post<BatchStimsResponse>(api, '/batch/stims', ref);
export const fetchBatchReportData = (api: ApiConfig, body: BatchReportBody) => post<BatchReportResponse>(api, '/batch/report-data', body);
export const fetchBatchFeatureData = (api: ApiConfig, body: BatchReportBody) => post<BatchFeatureResponse>(api, '/batch/report-feature-data', body);
export const fetchBatchVisual = (api: ApiConfig, body: BatchReportBody) => post<BatchVisualResponse>(api, '/batch/report-visual', body);
/** The interactive visual's data of one batch stim (issue 37): the study gaze_points answer. */
export const fetchBatchGazePoints = (api: ApiConfig, body: BatchGazePointsBody) => post<GazePointsResponse>(api, '/batch/report-gaze-points', body);
export const fetchBatchGraph = (api: ApiConfig, body: BatchReportBody) => post<BatchGraphResponse>(api, '/batch/report-graph', body);
export const fetchBatchStats = (api: ApiConfig, body: BatchReportBody) => post<BatchStatsResponse>(api, '/batch/report-stats', body);
export const fetchBatchParticipants = (api: ApiConfig, body: BatchReportBody) => post<BatchParticipantResponse>(api, '/batch/report-participant', body);
export const fetchBatchFeatureParticipants = (api: ApiConfig, body: BatchReportBody) =>
  post<BatchFeatureParticipantResponse>(api, '/batch/report-participant-feature-data', body);
export const fetchVendorStims = (api: ApiConfig, q: VendorStimQuery) => post<VendorStimListResponse>(api, '/vendor/stimulus/list', q);
export const fetchFiles = (api: ApiConfig) => post<FileListResponse>(api, '/studies/files', {});
