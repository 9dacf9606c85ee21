// The cell and step board's calls (spec document 2 §7.2). Wire types come from the contract.
import type {
  BoardOverview, CachePage, CreateStepBody, EditStepBody, OptionType, OrderEntry, StepOption,
} from '../../../contract/board';
import { request, type ApiConfig } from './client';

export type { BoardOverview, BoardCell, BoardStep, CachePage, CreateStepBody, EditStepBody, OptionType, StepOption, StepType } from '../../../contract/board';

const study = (id: number) => `/studies/${id}`;

export const fetchBoard = (api: ApiConfig, studyId: number) =>
  request<BoardOverview>(api, { method: 'POST', url: `${study(studyId)}/steps/overview`, data: {} });

export async function fetchStepOptions(api: ApiConfig, studyId: number, stepType: OptionType): Promise<StepOption[]> {
  return (await request<{ data: StepOption[] }>(api, { method: 'POST', url: `${study(studyId)}/steps/step-detail`, data: { step_type: stepType } })).data;
}

export const postStepOrder = (api: ApiConfig, studyId: number, order: Record<string, OrderEntry[]>) =>
  request<{ success: true }>(api, { method: 'POST', url: `${study(studyId)}/steps/overview/edit`, data: order });

export const postCreateStep = (api: ApiConfig, studyId: number, body: CreateStepBody) =>
  request<{ success: true; step_order_id: number }>(api, { method: 'POST', url: `${study(studyId)}/steps/create`, data: body });

export const postDeleteStep = (api: ApiConfig, studyId: number, stepOrderId: number) =>
  request<{ success: true }>(api, { method: 'POST', url: `${study(studyId)}/steps/delete`, data: { step_order_id: stepOrderId } });

export const postEditStep = (api: ApiConfig, studyId: number, body: EditStepBody) =>
  request<{ success: true }>(api, { method: 'POST', url: `${study(studyId)}/steps/edit`, data: body });

export const postUnlock = (api: ApiConfig, studyId: number, allow: boolean) =>
  request<{ success: true; allow_step_editing: boolean }>(api, { method: 'POST', url: `${study(studyId)}/steps/overview/edit-toggle/`, data: { allow_step_editing: allow } });

export const postCreateCell = (api: ApiConfig, studyId: number, cellName: string, shortName: string) =>
  request<{ success: true; cell_id: number }>(api, { method: 'POST', url: `${study(studyId)}/cells/create`, data: { cell_name: cellName, short_name: shortName } });

export const postEditCell = (api: ApiConfig, studyId: number, cellId: number, cellName: string, shortName: string) =>
  request<{ success: true }>(api, { method: 'POST', url: `${study(studyId)}/cells/edit`, data: { cell_id: cellId, cell_name: cellName, short_name: shortName } });

export const postDuplicateCell = (api: ApiConfig, studyId: number, cellId: number) =>
  request<{ success: true; cell_id: number; cell_name: string }>(api, { method: 'POST', url: `${study(studyId)}/cells/duplicate/`, data: { cell_id: cellId } });

export async function postCachePageOrder(api: ApiConfig, url: string, name: string): Promise<CachePage> {
  return (await request<{ data: CachePage }>(api, { method: 'POST', url: '/cachepages/order', data: { url, name } })).data;
}

export async function fetchCachePage(api: ApiConfig, id: number): Promise<CachePage> {
  return (await request<{ data: CachePage }>(api, { method: 'GET', url: `/cachepages/${id}` })).data;
}
