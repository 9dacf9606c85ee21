// The stim library, the uploader's rows and the editor's cascading lists (spec D2 §2.4–2.6,
// §4.4–4.5, §5, §8). Reads are keyed resources; deletes and edits mutations; the bulk upload is
// one async run per row (it reports per-file progress, which a mutation cannot).
import {
  createBrand, createBrandCategory, createSignedUrl, createStim, deleteStim, editStim, fetchAdTypeGroups, fetchAdTypes,
  fetchAoiData, fetchAoiTags, fetchDraftPreview, fetchStim, fetchStims, putSignedFile, saveAoiData,
  type AdTypeGroupItem, type AdTypeItem, type AoiEditorData, type StimDetails, type StimEditBody, type StimListBody,
  type StimListResponse, type StimTypeCode,
} from '../api/stims';
import type { ApiConfig } from '../api/client';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';

export interface StimQuery {
  results_per_page: 10 | 25 | 50 | 100;
  page_num: number;
  order_by: string;
  filter_name: string;
  filter_stimtype: string;
  filter_media_id: number;
  /** The study-specific list (POST /studies/{id}/stims) when set. */
  study_id: number | null;
}

/** D2-145: 25 per page, page 1, name_asc. */
export const DEFAULT_STIM_QUERY: StimQuery = {
  results_per_page: 25, page_num: 1, order_by: 'name_asc', filter_name: '', filter_stimtype: 'ALL', filter_media_id: 0, study_id: null,
};

export type StimQueryAction =
  | { type: 'search'; text: string }
  | { type: 'sort'; orderBy: string }
  | { type: 'pageSize'; size: number }
  | { type: 'page'; page: number }
  | { type: 'filters'; filters: Partial<Pick<StimQuery, 'filter_stimtype' | 'filter_media_id'>> };

export function stimQueryReducer(q: StimQuery, a: StimQueryAction): StimQuery {
  switch (a.type) {
    case 'search': return { ...q, filter_name: a.text, page_num: 1 };
    case 'sort': return { ...q, order_by: a.orderBy };
    /** D2-147: a new page size starts again at page 1. */
    case 'pageSize': return { ...q, results_per_page: a.size as StimQuery['results_per_page'], page_num: 1 };
    case 'page': return { ...q, page_num: Math.max(1, a.page) };
    case 'filters': return { ...q, ...a.filters, page_num: 1 };
  }
}

export const stimList = createResource<StimQuery, StimListResponse>({
  name: 'stims/list',
  fetch: (api, q) => fetchStims(api, { ...q, filter_media_id: q.filter_media_id || 'ALL', filter_stimtype: q.filter_stimtype as StimListBody['filter_stimtype'] }),
});

export const stimDetails = createResource<number, StimDetails>({ name: 'stims/details', fetch: fetchStim });

export const draftPreview = createResource<'draft', { url: string; origin: string }>({ name: 'stims/draft-preview', fetch: (api) => fetchDraftPreview(api) });

export const adTypeGroups = createResource<number, AdTypeGroupItem[]>({ name: 'stims/adtypegroups', fetch: fetchAdTypeGroups, once: true });
export const adTypes = createResource<number, AdTypeItem[]>({ name: 'stims/adtypes', fetch: fetchAdTypes, once: true });

/** D2-150: each selected stim deleted by its own call; stops at the first refusal. */
export const deleteStims = createMutation<number[], number[]>({
  name: 'stims/delete',
  run: async (api, ids) => {
    for (const id of ids) await deleteStim(api, id);
    return ids;
  },
});

export const saveStim = createMutation<{ id: number; body: StimEditBody }, StimDetails>({
  name: 'stims/edit',
  run: async (api, { id, body }) => (await editStim(api, id, body)).data,
});

export const newBrandCategory = createMutation<string, { id: number; name: string }>({
  name: 'stims/brand-category',
  run: async (api, name) => (await createBrandCategory(api, name)).data,
});

export const newBrand = createMutation<{ name: string; brand_category_id: number }, { id: number; name: string }>({
  name: 'stims/brand',
  run: async (api, body) => (await createBrand(api, body)).data,
});

// ---- AOI editor -----------------------------------------------------------------------------------

export const aoiData = createResource<{ type: string; id: number }, AoiEditorData>({ name: 'stims/aoi', fetch: fetchAoiData });
export const aoiTags = createResource<'all', string[]>({ name: 'stims/aoi-tags', fetch: (api) => fetchAoiTags(api), once: true });
export const saveAois = createMutation<{ type: string; id: number; aois: AoiEditorData['aois'] }, { job_id: number | null; data: AoiEditorData }>({
  name: 'stims/aoi-save',
  run: (api, args) => saveAoiData(api, args),
});

// ---- uploader -------------------------------------------------------------------------------------

export type UploadKind = 'script' | 'vast' | 'file';

/** One row of the upload list (D2-169). */
export interface UploadRow {
  key: string;
  kind: UploadKind;
  name: string;
  /** Script markup or VAST URL/XML. */
  content: string;
  file: File | null;
  ad_asset_type_id: number | null;
  ad_type_group_id: number | null;
  ad_type_id: number | null;
  brand_id: number | null;
  /** Video rows: measured in the browser before the upload (the server checks them). */
  width?: number | null;
  height?: number | null;
  duration_ms?: number | null;
}

/** §5 preview rule: starts with the VAST tag and ends with its closing tag. */
export function isVastXml(content: string): boolean {
  const t = content.trim();
  return /^(<\?xml[^>]*>\s*)?<VAST[\s>]/i.test(t) && /<\/VAST>$/i.test(t);
}

/** The row's stim type (D2-192): a VAST is XML when it looks like it, a URL otherwise. */
export function rowStimType(row: UploadRow): StimTypeCode {
  if (row.kind === 'script') return 's';
  if (row.kind === 'vast') return isVastXml(row.content) ? 'vx' : 'va';
  return row.file?.type.startsWith('video/') ? 'v' : 'i';
}

/**
 * What a row holds, as the list shows it (issue 38): a file's own media type (image/jpeg,
 * video/mp4 …), or the markup kind for script and VAST rows, which have no file.
 */
export function rowContentType(row: UploadRow): string {
  if (row.kind === 'script') return 'Script (HTML/JavaScript)';
  if (row.kind === 'vast') return isVastXml(row.content) ? 'VAST XML' : 'VAST URL';
  return row.file?.type || 'Unknown file type';
}

/**
 * A message for the next screen of the stim pages: the editor and the uploader leave one and
 * navigate to /stims, where the library takes it once (D2-183, D2-206). Session storage, because
 * the leaving element is unmounted by the host's routing before the library mounts.
 */
export const STIMS_MESSAGE_KEY = 'gaze-stims-flash';
export function leaveStimsMessage(text: string): void {
  try { sessionStorage.setItem(STIMS_MESSAGE_KEY, text); } catch { /* storage off: the screen shows no message */ }
}
export function takeStimsMessage(): string | null {
  try {
    const text = sessionStorage.getItem(STIMS_MESSAGE_KEY);
    if (text) sessionStorage.removeItem(STIMS_MESSAGE_KEY);
    return text || null;
  } catch {
    return null;
  }
}

/** D2-170..172: each row's messages by field; empty when it may go. */
export function rowErrors(row: UploadRow): Partial<Record<'name' | 'ad_asset_type_id' | 'ad_type_group_id' | 'ad_type_id' | 'brand_id' | 'content', string>> {
  const e: ReturnType<typeof rowErrors> = {};
  if (!row.name.trim()) e.name = 'Name is required';
  if (!row.ad_asset_type_id) e.ad_asset_type_id = 'Required';
  if (!row.ad_type_group_id) e.ad_type_group_id = 'Required';
  if (!row.ad_type_id) e.ad_type_id = 'Required';
  if (!row.brand_id) e.brand_id = 'Required';
  if (row.kind === 'file' ? !row.file : !row.content.trim()) e.content = 'Stim content is required';
  return e;
}

export type RowOutcome = { ok: true; stimId: number } | { ok: false; message: string } | { ok: 'skipped' };

/**
 * D2-178..182: one row. A file row: create, signed URL, PUT with its type, edit with its source;
 * script and VAST rows are created directly. A create answer without stim_id skips the row.
 */
export async function uploadRow(api: ApiConfig, row: UploadRow, onProgress: (fraction: number) => void, studyId?: number | null): Promise<RowOutcome> {
  const stimType = rowStimType(row);
  const base = {
    name: row.name.trim(), stim_type: stimType, ad_asset_type_id: row.ad_asset_type_id, ad_type_group_id: row.ad_type_group_id,
    ad_type_id: row.ad_type_id, brand_id: row.brand_id, ...(studyId ? { study_id: studyId } : {}),
  };
  if (row.kind !== 'file') {
    try {
      const res = await createStim(api, { ...base, tag: row.content.trim(), source: null });
      onProgress(1);
      return res?.stim_id ? { ok: true, stimId: res.stim_id } : { ok: 'skipped' };
    } catch {
      return { ok: false, message: `Failed to upload ${row.name}` };
    }
  }
  const file = row.file!;
  let stimId: number;
  try {
    const res = await createStim(api, {
      ...base, file_name: file.name,
      ...(stimType === 'v' ? { width: row.width ?? null, height: row.height ?? null, duration_ms: row.duration_ms ?? null } : {}),
    });
    if (!res?.stim_id) return { ok: 'skipped' };
    stimId = res.stim_id;
  } catch {
    return { ok: false, message: `Failed to upload ${row.name}` };
  }
  try {
    const signed = await createSignedUrl(api, { file_name: file.name, content_type: file.type || undefined, size: file.size || undefined });
    await putSignedFile(signed.url, file, file.type, onProgress);
    await editStim(api, stimId, { source: signed.source, file_name: file.name });
    onProgress(1);
    return { ok: true, stimId };
  } catch {
    return { ok: false, message: `Failed to upload file for ${row.name}` };
  }
}

/** A video's size and duration, measured in the browser (null when it cannot be read). */
export function measureVideo(file: File): Promise<{ width: number; height: number; duration_ms: number } | null> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined') return resolve(null);
    const url = URL.createObjectURL(file);
    const v = document.createElement('video');
    const done = (r: { width: number; height: number; duration_ms: number } | null) => { URL.revokeObjectURL(url); resolve(r); };
    v.preload = 'metadata';
    v.muted = true;
    v.onloadedmetadata = () => done(v.videoWidth && v.videoHeight
      ? { width: v.videoWidth, height: v.videoHeight, duration_ms: Math.max(1, Math.round((v.duration || 0) * 1000)) } : null);
    v.onerror = () => done(null);
    setTimeout(() => done(null), 10_000);
    v.src = url;
  });
}
