// My Reports, My Downloads and My Validations (issue 19). Wire types from contract/my-reports.ts,
// contract/downloads.ts and contract/validations.ts.
import type { ReportDetailsResponse, ReportUrlResponse, SavePanelBody, SavePanelResponse } from '../../../contract/my-reports';
import type { DownloadListResponse, DownloadResponse, RecordDownloadBody } from '../../../contract/downloads';
import type { ValidationListResponse, ValidationSortKey, ValidationStatus } from '../../../contract/validations';
import { request, type ApiConfig } from './client';

export type { ReportDetailsResponse, ReportPanelView, ReportRowView, ReportUrlResponse, SavePanelBody, PanelReportType } from '../../../contract/my-reports';
export type { DownloadView, DownloadListResponse, RecordDownloadBody } from '../../../contract/downloads';
export type { ValidationView, ValidationListResponse, ValidationSortKey, ValidationStatus } from '../../../contract/validations';
export { MY_REPORTS_MESSAGES, DEFAULT_ROW_NAME, REPORT_NAME_MAX } from '../../../contract/values/my-reports';
export { VALIDATION_PAGE_SIZE, VALIDATION_SEARCH_PLACEHOLDER, ORDER_NOT_ALLOWED, VALIDATION_SORT_KEYS, VALIDATION_STATUSES } from '../../../contract/values/validations';

/** The study's rows (studyId) or every row of the acting company. */
export const fetchReportDetails = (api: ApiConfig, studyId?: number) =>
  request<ReportDetailsResponse>(api, { url: studyId ? `/studies/${studyId}/get-report-details` : '/user/get-report-details' });
export const fetchReportUrl = (api: ApiConfig, panelUrl: string, studyId?: number) =>
  request<ReportUrlResponse>(api, {
    url: `${studyId ? `/studies/${studyId}` : '/user'}/get-report-url?panel_url=${encodeURIComponent(panelUrl)}`,
  });
export const saveReportPanel = (api: ApiConfig, studyId: number, body: SavePanelBody) =>
  request<SavePanelResponse>(api, { method: 'POST', url: `/studies/${studyId}/report-panels`, data: body });

export const recordDownload = (api: ApiConfig, body: RecordDownloadBody) =>
  request<DownloadResponse>(api, { method: 'POST', url: '/downloads', data: body });
export const fetchDownloads = (api: ApiConfig, q: { page: number; size: number }) =>
  request<DownloadListResponse>(api, { url: `/downloads?page_num=${q.page}&results_per_page=${q.size}` });
export const exportParticipants = (api: ApiConfig, studyId: number) =>
  request<DownloadResponse & { job_id: number }>(api, { method: 'POST', url: `/studies/${studyId}/export-participants` });

export interface ValidationQuery {
  search: string;
  status?: ValidationStatus;
  sort: ValidationSortKey;
  direction: 'asc' | 'desc';
  page: number;
  size: number;
}
export const fetchValidations = (api: ApiConfig, q: ValidationQuery) => {
  const p = new URLSearchParams({ order_by: q.sort, direction: q.direction, page_num: String(q.page), results_per_page: String(q.size) });
  if (q.search) p.set('search', q.search);
  if (q.status) p.set('status', q.status);
  return request<ValidationListResponse>(api, { url: `/validations?${p.toString()}` });
};
