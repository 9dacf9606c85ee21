// Home counts and the study list (spec D1 §3, §7). Wire types come from the contract.
import type { HomeOverview, StudyListBody, StudyListResponse, StudyOwner } from '../../../contract/studies';
import { request, type ApiConfig } from './client';

export type { HomeOverview, StudyListItem, StudyListResponse } from '../../../contract/studies';

type Body = { [K in keyof StudyListBody]-?: NonNullable<StudyListBody[K]> };
type SdkForm<K, T> = K extends 'filter_name' | 'order_by' ? T
  : K extends 'filter_live' | 'filter_completed' ? Extract<T, '1' | '-1'>
  : Extract<T, number>;
/**
 * The contract's body with every field present, in the one form the SDK sends: numbers as
 * numbers, and the flags as '1' (only flagged studies) or '-1' (no filter) (D1-091).
 */
export type StudyListQuery = { [K in keyof Body]: SdkForm<K, Body[K]> };
export type FlagFilter = StudyListQuery['filter_live'];
export type StudyPageSize = StudyListQuery['results_per_page'];

/** Super users only: the company a study belongs to (GET /studies/{id}/owner). */
export function fetchStudyOwner(api: ApiConfig, studyId: number): Promise<StudyOwner> {
  return request<StudyOwner>(api, { url: `/studies/${studyId}/owner` });
}

export function fetchOverview(api: ApiConfig): Promise<HomeOverview> {
  return request<HomeOverview>(api, { url: '/studies/overview' });
}

export function fetchStudies(api: ApiConfig, query: StudyListBody): Promise<StudyListResponse> {
  return request<StudyListResponse>(api, { method: 'POST', url: '/studies', data: query });
}
