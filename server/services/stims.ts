// Stim create and edit: the rules the uploader and editor apply, enforced here too (spec document
// 2 §4.4–4.5, §5): the ad type chain, the source of file stims (an upload of the acting company,
// of the right kind), the size read from an image file and a low-quality variant (both sharp), a
// video's measured size and duration checked, and VAST told apart as XML or URL (parsed with
// @dailymotion/vast-client to find the media file its preview plays).
import sharp from 'sharp';
import { DOMParser } from '@xmldom/xmldom';
import { VASTParser } from '@dailymotion/vast-client';
import type { Db } from '../db/client.js';
import { InvalidInput } from '../domain/errors.js';
import { findFile, recordFile } from '../repositories/files.js';
import * as repo from '../repositories/stims.js';
import { keyFromFileUrl, readAll, type Storage } from '../storage/index.js';

/** Answered as 409 by the error handler (it reads statusCode). */
export class StimConflict extends Error {
  readonly statusCode = 409;
}

/** Media a stim type defaults to (lookup kind media): display, video, digital. */
const DEFAULT_MEDIA: Record<string, number> = { i: 1, v: 3, va: 3, vx: 3, s: 4 };

/** Longest side of the low-quality preview image. */
export const LOW_QUALITY_SIDE = 320;

export interface StimInput {
  name?: string;
  stim_type?: string;
  ad_asset_type_id?: number | string | null;
  ad_type_group_id?: number | string | null;
  ad_group_type_id?: number | string | null;
  ad_type_id?: number | string | null;
  brand_id?: number | string | null;
  media_id?: number | string | null;
  study_id?: number | string | null;
  source?: string | null;
  tag?: string | null;
  file_name?: string | null;
  width?: number | null;
  height?: number | null;
  duration_ms?: number | null;
}

export interface StimDeps {
  db: Db;
  storage: Storage;
  companyId: number;
  /** Checks a study id belongs to the company. */
  studyVisible: (studyId: number) => Promise<boolean>;
}

const idOf = (v: number | string | null | undefined): number | null | undefined =>
  v === undefined ? undefined : v === null || v === '' ? null : Number(v);

// ---- VAST -----------------------------------------------------------------------------------------

/** The upload rule (§5): parses as XML (with a VAST root). */
export function parsesAsVastXml(tag: string): boolean {
  let failed = false;
  const fail = () => { failed = true; };
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: fail, fatalError: fail } }).parseFromString(tag.trim(), 'text/xml');
    return !failed && doc?.documentElement?.nodeName?.toUpperCase() === 'VAST';
  } catch {
    return false;
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/**
 * The media file a VAST XML names, for the preview player: the first linear creative's
 * progressive MP4/WebM (browsers play those), else its first media file. Wrappers are not
 * followed (that would fetch third-party URLs from the server). null when none or not VAST.
 */
export async function vastMediaUrl(xml: string): Promise<string | null> {
  if (!parsesAsVastXml(xml)) return null;
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined, fatalError: () => undefined } }).parseFromString(xml.trim(), 'text/xml');
    const parser = new VASTParser();
    const response = await parser.parseVAST(doc as unknown as Document, { wrapperLimit: 0, allowMultipleAds: true } as never);
    for (const ad of response.ads ?? []) {
      for (const creative of ad.creatives ?? []) {
        const files = (creative as { mediaFiles?: { fileURL: string | null; mimeType: string | null }[] }).mediaFiles ?? [];
        const playable = files.find((f) => f.fileURL && /^video\/(mp4|webm|ogg)$/i.test(f.mimeType ?? '')) ?? files.find((f) => f.fileURL);
        const url = playable?.fileURL?.trim();
        if (url && isHttpUrl(url)) return url;
      }
    }
  } catch {
    /* not parseable as VAST: no preview media */
  }
  return null;
}

// ---- files ----------------------------------------------------------------------------------------

/** Width and height read from the stored image itself (never from the client). */
export async function measureImage(storage: Storage, key: string): Promise<{ width: number; height: number } | null> {
  const bytes = await readAll(storage, key);
  if (!bytes) return null;
  try {
    // The header only (no decoding); an animated image's size is one frame's.
    const meta = await sharp(bytes).metadata();
    // EXIF orientations 5–8 swap the sides as the image is shown.
    const swap = (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** A small WebP beside the image (`low_quality_source`); null when sharp cannot read it. */
export async function makeLowQuality(db: Db, storage: Storage, companyId: number, key: string): Promise<string | null> {
  const bytes = await readAll(storage, key);
  if (!bytes) return null;
  try {
    const out = await sharp(bytes, { animated: false, limitInputPixels: 100_000_000 }).rotate()
      .resize({ width: LOW_QUALITY_SIDE, height: LOW_QUALITY_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 50 }).toBuffer();
    // Generated by the server: outside uploads/, so the storage trusts it (no byte check needed).
    const lqKey = `c/${companyId}/stims/lq/${key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '')}.webp`;
    const stored = await storage.put(lqKey, out, 'image/webp');
    await recordFile(db, { companyId, key: lqKey, contentType: 'image/webp', size: stored.size, uploaded: true });
    return lqKey;
  } catch {
    return null;
  }
}

/** Resolves a source value to an uploaded key of the company, of the kind the stim type needs. */
async function uploadedSource(d: StimDeps, value: string, stimType: string): Promise<string> {
  const key = keyFromFileUrl(value);
  if (!key || !key.startsWith(`c/${d.companyId}/`)) {
    throw new InvalidInput({ source: 'must be a file uploaded with create_signed_url' });
  }
  const file = await findFile(d.db, key);
  if (!file || file.companyId !== d.companyId || !file.uploaded) {
    throw new InvalidInput({ source: 'the file has not been uploaded (PUT it to the signed url first)' });
  }
  const want = stimType === 'i' ? 'image/' : 'video/';
  if (!file.contentType.startsWith(want)) {
    throw new InvalidInput({ source: `the file is ${file.contentType}, not ${stimType === 'i' ? 'an image' : 'a video'}` });
  }
  return key;
}

// ---- create and edit ------------------------------------------------------------------------------

type Current = repo.StimFull | null;

/** The stored values for a create (current null) or an edit; throws InvalidInput per field. */
export async function stimValues(d: StimDeps, input: StimInput, current: Current): Promise<repo.StimValues> {
  const out: repo.StimValues = {};
  const errors: Record<string, string> = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = 'is required';
    out.name = name;
  }
  let stimType = input.stim_type ?? current?.stimType ?? 's';
  const tagIn = input.tag === undefined ? undefined : input.tag?.trim() ?? '';

  // Ad type chain: the group must be of the asset type, the type of the group.
  const assetTypeId = idOf(input.ad_asset_type_id);
  const groupId = idOf(input.ad_type_group_id !== undefined ? input.ad_type_group_id : input.ad_group_type_id);
  const typeId = idOf(input.ad_type_id);
  if (assetTypeId !== undefined) out.adAssetTypeId = assetTypeId;
  if (groupId !== undefined) out.adTypeGroupId = groupId;
  if (typeId !== undefined) out.adTypeId = typeId;
  const asset = assetTypeId !== undefined ? assetTypeId : current?.adAssetTypeId ?? null;
  const group = groupId !== undefined ? groupId : current?.adTypeGroupId ?? null;
  const type = typeId !== undefined ? typeId : current?.adTypeId ?? null;
  if (asset && !(await repo.assetTypeExists(d.db, asset))) errors.ad_asset_type_id = 'unknown ad asset type';
  const chain = await repo.adTypeChain(d.db, { assetTypeId: asset, groupId: group, typeId: type });
  if (group && !chain.group) errors.ad_type_group_id = 'unknown ad type group';
  else if (group && asset && chain.group && chain.group.adAssetTypeId !== asset) errors.ad_type_group_id = 'is not a group of that ad asset type';
  if (type && !chain.type) errors.ad_type_id = 'unknown ad type';
  else if (type && group && chain.type && chain.type.adTypeGroupId !== group) errors.ad_type_id = 'is not an ad type of that group';

  const brandId = idOf(input.brand_id);
  if (brandId !== undefined) {
    if (brandId !== null && !(await repo.brandExists(d.db, brandId))) errors.brand_id = 'unknown brand';
    out.brandId = brandId;
  }
  const mediaId = idOf(input.media_id);
  if (mediaId !== undefined && mediaId !== null) {
    if (!(await repo.mediaExists(d.db, mediaId))) errors.media_id = 'unknown media';
    out.mediaId = mediaId;
  }
  const studyId = idOf(input.study_id);
  if (studyId !== undefined) {
    if (studyId !== null && !(await d.studyVisible(studyId))) errors.study_id = 'unknown study';
    out.studyId = studyId;
  }
  if (input.file_name !== undefined) out.fileName = input.file_name?.trim() || null;

  // Content by kind.
  if (stimType === 's') {
    const tag = tagIn !== undefined ? tagIn : current?.tag ?? '';
    if (!tag) errors.tag = 'Stim content is required';
    if (tagIn !== undefined) out.tag = tagIn;
  } else if (stimType === 'va' || stimType === 'vx') {
    const tag = tagIn !== undefined ? tagIn : current?.tag ?? '';
    if (!tag) errors.tag = 'Stim content is required';
    else if (parsesAsVastXml(tag)) stimType = 'vx';
    else if (isHttpUrl(tag) && !/\s/.test(tag)) stimType = 'va';
    else errors.tag = 'must be VAST XML or a VAST URL (http or https)';
    if (tagIn !== undefined) out.tag = tagIn;
    if (stimType === 'va' && !errors.tag) out.source = tag;
    if (stimType === 'vx' && (tagIn !== undefined || current?.stimType !== 'vx')) out.source = null;
  } else {
    // Image or video: a file. The tag is meaningless and dropped.
    if (tagIn) out.tag = null;
    if (input.source !== undefined && input.source !== null && input.source !== '') {
      const sameAsNow = current?.source && keyFromFileUrl(input.source) === current.source;
      if (!sameAsNow || input.stim_type !== undefined) {
        try {
          const key = await uploadedSource(d, input.source, stimType);
          out.source = key;
          if (!out.fileName && !current?.fileName) out.fileName = key.slice(key.lastIndexOf('/') + 1).replace(/^[0-9a-f]{16}-/, '');
        } catch (err) {
          if (err instanceof InvalidInput) Object.assign(errors, err.errors);
          else throw err;
        }
      }
    } else if (input.source === null || input.source === '') {
      out.source = null;
      out.lowQualitySource = null;
    }
    if (stimType === 'v') {
      for (const f of ['width', 'height', 'duration_ms'] as const) {
        const v = input[f];
        if (v === undefined) continue;
        if (v !== null && !(Number.isInteger(v) && v > 0)) errors[f] = 'must be a positive whole number';
      }
      if (input.width !== undefined) out.width = input.width;
      if (input.height !== undefined) out.height = input.height;
      if (input.duration_ms !== undefined) out.durationMs = input.duration_ms;
      // A measured video has both sides or neither.
      const w = input.width !== undefined ? input.width : current?.width ?? null;
      const h = input.height !== undefined ? input.height : current?.height ?? null;
      if ((w === null) !== (h === null)) errors[w === null ? 'width' : 'height'] = 'is required with the other side';
    }
  }
  if (input.stim_type !== undefined || stimType !== (current?.stimType ?? stimType)) out.stimType = stimType;
  if (!current) {
    out.stimType = stimType;
    out.mediaId = out.mediaId ?? DEFAULT_MEDIA[stimType] ?? null;
  }
  if (Object.keys(errors).length) throw new InvalidInput(errors);

  // An image's size is the file's, read once it is known (never what the client says).
  if (stimType === 'i' && out.source) {
    const size = await measureImage(d.storage, out.source);
    if (!size) throw new InvalidInput({ source: 'the image cannot be read' });
    out.width = size.width;
    out.height = size.height;
    out.lowQualitySource = await makeLowQuality(d.db, d.storage, d.companyId, out.source);
  }
  if (stimType !== 'v' && stimType !== 'i') out.durationMs = null;
  return out;
}

/** The values that make a stim what respondents saw: a reports' heatmap, AOIs and sizes refer to them. */
const CONTENT_KEYS = ['stimType', 'source', 'tag', 'width', 'height', 'durationMs'] as const;
const CONTENT_FIELDS: Record<(typeof CONTENT_KEYS)[number], string> = {
  stimType: 'stim_type', source: 'source', tag: 'tag', width: 'width', height: 'height', durationMs: 'duration_ms',
};

export const stimHasDataMessage = (name: string, sessions: number, fields: string[]) =>
  `The stim '${name}' holds data from ${sessions} counted session${sessions === 1 ? '' : 's'}: its content (${fields.join(', ')}) cannot be replaced, or its reports would show that data on a different creative. Create a new stim for the new version.`;

/**
 * Refuses (409, with the reason) an edit that would replace the content of a stim that counted
 * sessions have seen, as deleting it is refused: its name, brand and ad type stay editable.
 */
export async function guardStimContent(db: Db, current: repo.StimFull, values: repo.StimValues): Promise<void> {
  const before: Record<(typeof CONTENT_KEYS)[number], unknown> = {
    stimType: current.stimType, source: current.source, tag: current.tag, width: current.width, height: current.height, durationMs: current.durationMs,
  };
  const changed = CONTENT_KEYS.filter((k) => k in values && (values[k] ?? null) !== (before[k] ?? null));
  if (!changed.length) return;
  const sessions = await repo.stimSessions(db, current.id);
  if (sessions > 0) throw new StimConflict(stimHasDataMessage(current.name, sessions, changed.map((k) => CONTENT_FIELDS[k])));
}
