// Batch reads (spec D3 §2.10–2.14): each a keyed resource, so two widgets of two vendors or
// companies never share an entry. Loading states (begin, success, error) are the resources' own.
import {
  fetchBatchFeatureData, fetchBatchGazePoints, fetchBatchGraph, fetchBatchList, fetchBatchReportData, fetchBatchStims, fetchBatchVisual, fetchFiles,
  fetchVendorStims, type BatchFeatureResponse, type BatchGraphResponse, type BatchListQuery, type BatchListResponse, type BatchRef,
  type BatchReportResponse, type BatchStimsResponse, type BatchVisualResponse, type FileListResponse, type VendorStimListResponse,
  type VendorStimQuery,
} from '../api/batches';
import type { GazePointsResponse } from '../api/reports';
import { createResource } from '../resource/resource';

export type BatchStimRef = BatchRef & { internal_stim_id: number };

/** Defaults of the batch list (D3-124): newest collection first, 25 rows. */
export const DEFAULT_BATCH_QUERY: BatchListQuery = {
  filter_id: '', filter_name: '', order_by: 'data_collection_start_desc', results_per_page: 25, page_num: 1,
};
/** Defaults of the all-stims list (D3-160): name_asc, page 1, 25 rows. */
export const DEFAULT_VENDOR_STIM_QUERY: VendorStimQuery = {
  filter_name: '', filter_stimtype: '', order_by: 'name_asc', results_per_page: 25, page_num: 1,
};

export const batchList = createResource<BatchListQuery, BatchListResponse>({ name: 'batches/list', fetch: fetchBatchList });
export const batchStims = createResource<BatchRef, BatchStimsResponse>({ name: 'batches/stims', fetch: fetchBatchStims });
export const batchReport = createResource<BatchStimRef, BatchReportResponse>({ name: 'batches/report', fetch: fetchBatchReportData });
export const batchFeatures = createResource<BatchStimRef, BatchFeatureResponse>({ name: 'batches/features', fetch: fetchBatchFeatureData });
export const batchVisual = createResource<BatchStimRef, BatchVisualResponse>({ name: 'batches/visual', fetch: fetchBatchVisual });
/** The batch KPI and feature reports' interactive visual (issue 37): no filters, like the rest of the batch report. */
export const batchGazePoints = createResource<BatchStimRef, GazePointsResponse>({ name: 'batches/gaze-points', fetch: fetchBatchGazePoints });
export const batchGraph = createResource<BatchStimRef, BatchGraphResponse>({ name: 'batches/graph', fetch: fetchBatchGraph });
export const vendorStims = createResource<VendorStimQuery, VendorStimListResponse>({ name: 'batches/vendor-stims', fetch: fetchVendorStims });
export const batchFiles = createResource<void, FileListResponse>({ name: 'batches/files', fetch: (api) => fetchFiles(api) });

export type ListAction =
  | { type: 'search'; field: 'filter_id' | 'filter_name'; text: string }
  | { type: 'sort'; orderBy: string }
  | { type: 'pageSize'; size: 10 | 25 | 50 | 100 }
  | { type: 'page'; page: number }
  | { type: 'stimType'; stimType: string };

/** A list query's next state: a search, a size or a type filter starts again at page 1. */
export function listReducer<Q extends { page_num: number }>(q: Q, a: ListAction): Q {
  switch (a.type) {
    case 'search': return { ...q, [a.field]: a.text, page_num: 1 };
    case 'sort': return { ...q, order_by: a.orderBy };
    case 'pageSize': return { ...q, results_per_page: a.size, page_num: 1 };
    case 'page': return { ...q, page_num: Math.max(1, a.page) };
    case 'stimType': return { ...q, filter_stimtype: a.stimType === 'All' ? '' : a.stimType, page_num: 1 };
  }
}
