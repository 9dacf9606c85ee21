// The stim library, brands, signed uploads and the AOI editor (spec D2 §7.1, §2.8). Wire types
// come from the contract.
import type {
  StimCreateBody, StimCreateResponse, StimDeleteResponse, StimDetails, StimDetailsResponse, StimEditBody, StimListBody,
  StimListResponse,
} from '../../../contract/stims';
import type { SignedUrlBody, SignedUrlResponse } from '../../../contract/files';
import type { BrandCategoryCreateResponse, BrandCreateResponse } from '../../../contract/brands';
import type { Aoi, AoiEditorData, AoiEditorResponse, SaveAoisResponse, TagsResponse } from '../../../contract/aoi';
import type { AdTypeGroupItem, AdTypeItem } from '../../../contract/lookups';
import { putSignedFile, request, type ApiConfig } from './client';
import { fetchEnvelopedList } from './lookups';

export type {
  StimCreateBody, StimDetails, StimEditBody, StimListBody, StimListItem, StimListResponse, StimTypeCode,
} from '../../../contract/stims';
export type { Aoi, AoiEditorData } from '../../../contract/aoi';
export type { AdTypeGroupItem, AdTypeItem, BrandItem, BrandCategoryItem, LookupItem } from '../../../contract/lookups';

export function fetchStims(api: ApiConfig, q: StimListBody & { study_id?: number | null }): Promise<StimListResponse> {
  const { study_id: studyId, ...body } = q;
  return request<StimListResponse>(api, { method: 'POST', url: studyId ? `/studies/${studyId}/stims` : '/stims', data: body });
}

export async function fetchStim(api: ApiConfig, id: number): Promise<StimDetails> {
  return (await request<StimDetailsResponse>(api, { url: `/stims/${id}/details` })).data;
}

export function createStim(api: ApiConfig, body: StimCreateBody): Promise<StimCreateResponse> {
  return request<StimCreateResponse>(api, { method: 'POST', url: '/stims/create', data: body });
}

export function editStim(api: ApiConfig, id: number, body: StimEditBody): Promise<StimCreateResponse> {
  return request<StimCreateResponse>(api, { method: 'POST', url: `/stims/${id}/edit`, data: body });
}

/** D2-150: one call per stim, with an empty body. */
export function deleteStim(api: ApiConfig, id: number): Promise<StimDeleteResponse> {
  return request<StimDeleteResponse>(api, { method: 'POST', url: `/stims/${id}/delete`, data: {} });
}

export function createSignedUrl(api: ApiConfig, body: SignedUrlBody): Promise<SignedUrlResponse> {
  return request<SignedUrlResponse>(api, { method: 'POST', url: '/stims/create_signed_url', data: body });
}

export { putSignedFile };

export function createBrandCategory(api: ApiConfig, name: string): Promise<BrandCategoryCreateResponse> {
  return request<BrandCategoryCreateResponse>(api, { method: 'POST', url: '/brandcategorys/create', data: { name, clean_name: name.trim().toLowerCase() } });
}

export function createBrand(api: ApiConfig, body: { name: string; brand_category_id: number }): Promise<BrandCreateResponse> {
  return request<BrandCreateResponse>(api, { method: 'POST', url: '/brands/create', data: { ...body, clean_name: body.name.trim().toLowerCase() } });
}

export async function fetchAdTypeGroups(api: ApiConfig, assetTypeId: number): Promise<AdTypeGroupItem[]> {
  return fetchEnvelopedList<AdTypeGroupItem>(api, `/dashboard/data/adtypegroups_list/?ad_asset_type_id=${assetTypeId}`);
}

export async function fetchAdTypes(api: ApiConfig, groupId: number): Promise<AdTypeItem[]> {
  return fetchEnvelopedList<AdTypeItem>(api, `/dashboard/data/adtypes_list/?ad_type_group_id=${groupId}`);
}

/**
 * The AOI editor's calls, keyed by the editor's `type` (D2-222): 'stim' → /analysis/stimuli,
 * anything else → /analysis/tpstimuli (the batches area serves it with the same schemas).
 */
export function aoiPath(type: string, id: number): string {
  return `/analysis/${type === 'stim' ? 'stimuli' : 'tpstimuli'}/${id}`;
}

export async function fetchAoiData(api: ApiConfig, q: { type: string; id: number }): Promise<AoiEditorData> {
  return (await request<AoiEditorResponse>(api, { url: aoiPath(q.type, q.id) })).data;
}

export function saveAoiData(api: ApiConfig, q: { type: string; id: number; aois: Aoi[] }): Promise<SaveAoisResponse> {
  return request<SaveAoisResponse>(api, { method: 'POST', url: aoiPath(q.type, q.id), data: { aois: q.aois } });
}

export async function fetchAoiTags(api: ApiConfig): Promise<string[]> {
  return (await request<TagsResponse>(api, { url: '/analysis/tags2' })).data.map((t) => t.name);
}

export function fetchDraftPreview(api: ApiConfig): Promise<{ url: string; origin: string }> {
  return request<{ url: string; origin: string }>(api, { url: '/stims/preview_url' });
}
