// Home counts and the study list (spec D1 §3, §7).
import { request, type ApiConfig } from './client';

export interface HomeOverview {
  total_live: number;
  total_completed: number;
  company: string;
  company_logo_url: string | null;
  first_name: string;
}

/** The flags travel as strings: '1' = only flagged studies, '-1' = no filter (D1-091). */
export type FlagFilter = '1' | '-1';

export interface StudyListQuery {
  results_per_page: number;
  page_num: number;
  order_by: string;
  filter_name: string;
  filter_live: FlagFilter;
  filter_completed: FlagFilter;
  /** 0 = all media. */
  filter_media_id: number;
  /** 0 = all environments. */
  filter_environment_id: number;
}

export interface StudyListItem {
  study_id: number;
  name: string;
  environment: string | null;
  media: string | null;
  live: boolean;
  completed: boolean;
  cell_count: number;
  participants_requested: number | null;
  participants_returned: number | null;
  data_collection_start: string | null;
  data_collection_end: string | null;
}

export interface StudyListResponse {
  data: StudyListItem[];
  total_live: number;
  total_completed: number;
  page_num: number;
  total_page_num: number;
  order_by: string;
}

export function fetchOverview(api: ApiConfig): Promise<HomeOverview> {
  return request<HomeOverview>(api, { url: '/studies/overview' });
}

export function fetchStudies(api: ApiConfig, query: StudyListQuery): Promise<StudyListResponse> {
  return request<StudyListResponse>(api, { method: 'POST', url: '/studies', data: query });
}
