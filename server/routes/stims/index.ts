// The stim library (contract/stims.ts): lists, create, details, edit, delete. The rules live in
// services/stims.ts, the SQL in repositories/stims.ts; this file maps requests and answers.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_STIM_ORDER, STIM_SORT_KEYS, TAG_TYPES, type StimDetails, type StimListBody, type StimListItem, type StimSortKey,
  type StimTypeCode,
} from '../../../contract/stims.js';
import { DEFAULT_PAGE_SIZE } from '../../../contract/common.js';
import * as repo from '../../repositories/stims.js';
import { findCompanyStudy } from '../../repositories/studies.js';
import { guardStimContent, stimValues, vastMediaUrl, type StimInput } from '../../services/stims.js';
import { publicUrl } from '../../storage/index.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import * as contract from '../../../contract/stims.js';
import { companyStudy, route, toId } from '../common.js';

/** Study content: study users and super users (batch users are refused), whatever route() does. */
export function requireStudyRole(request: FastifyRequest): void {
  if (!request.auth.superUser && request.auth.userTypeId !== 1) throw forbidden('Stims are for study users');
}

/** Seconds a preview URL stays valid (the editor reloads details when it opens). */
const PREVIEW_TTL = 3600;

export function previewPath(id: number): string {
  return `/preview/stims/${id}`;
}

function parseOrder(raw: string | undefined): { key: StimSortKey; descending: boolean; value: string } {
  const m = /^([a-z]+)_(asc|desc)$/.exec((raw ?? '').trim().toLowerCase());
  if (m && (STIM_SORT_KEYS as readonly string[]).includes(m[1])) {
    return { key: m[1] as StimSortKey, descending: m[2] === 'desc', value: `${m[1]}_${m[2]}` };
  }
  return { key: 'name', descending: false, value: DEFAULT_STIM_ORDER };
}

const filterId = (v: unknown): number | undefined => {
  if (v === undefined || v === null || v === '' || v === 'ALL') return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

async function listQuery(app: FastifyInstance, body: StimListBody, companyId: number, studyId?: number): Promise<repo.StimListQuery> {
  const order = parseOrder(body.order_by);
  let stimType: string | undefined;
  const t = body.filter_stimtype;
  if (typeof t === 'string' && /^(s|va|vx|i|v)$/.test(t)) stimType = t;
  else if (filterId(t)) stimType = (await repo.stimTypeCode(app.db, filterId(t)!)) ?? '-';
  return {
    companyId, studyId,
    filterStudyId: filterId(body.filter_study_id),
    name: body.filter_name?.trim() || undefined,
    mediaId: filterId(body.filter_media_id),
    stimType,
    sortKey: order.key, descending: order.descending,
    page: Number(body.page_num ?? 1),
    pageSize: wantsEveryRow(body) ? null : Number(body.results_per_page ?? DEFAULT_PAGE_SIZE),
  };
}

/**
 * No paging parameter at all (the legacy client posts /stims without a body, has no pager and
 * searches client-side): every row. The SDK always sends page_num and results_per_page.
 */
export function wantsEveryRow(body: { page_num?: unknown; results_per_page?: unknown } | undefined | null): boolean {
  return body?.page_num === undefined && body?.results_per_page === undefined;
}

/** Script and VAST stims: their signed preview page on the files origin (null for file stims). */
function previewUrl(app: FastifyInstance, s: { id: number; stimType: string }): string | null {
  if (!(TAG_TYPES as readonly string[]).includes(s.stimType)) return null;
  return `${app.config.filesOrigin ?? ''}${app.signer.sign(previewPath(s.id), PREVIEW_TTL)}`;
}

function listItem(app: FastifyInstance, r: repo.StimRow): StimListItem {
  return {
    id: r.id, name: r.name, media: r.media, media_id: r.mediaId, brand: r.brand, brand_id: r.brandId,
    // `type` is the stimtypes list's description (the legacy Stim Types filter compares the two);
    // the code is `stim_type`, as in the details.
    width: r.width, height: r.height, type: r.typeName, stim_type: r.stimType as StimTypeCode, type_name: r.typeName,
    // A stim without a file (script, VAST XML) answers its preview page: the legacy client reads a string.
    source: publicUrl(app, r.source) ?? previewUrl(app, r), low_quality_source: publicUrl(app, r.lowQualitySource),
    study_id: r.studyId, aoi_count: r.aoiCount,
  };
}

async function answerList(app: FastifyInstance, q: repo.StimListQuery, orderBy: string) {
  const { items, total } = await repo.listStims(app.db, q);
  // Every row: one page holding them all.
  const pageSize = q.pageSize ?? Math.max(total, 1);
  return {
    data: items.map((r) => listItem(app, r)),
    page_num: q.pageSize === null ? 1 : q.page,
    total_page_num: Math.ceil(total / pageSize),
    total_count: total,
    results_per_page: pageSize,
    order_by: orderBy,
  };
}

export async function stimDetails(app: FastifyInstance, s: repo.StimFull): Promise<StimDetails> {
  const preview = previewUrl(app, s);
  return {
    id: s.id, stim_id: s.id, name: s.name, stim_type: s.stimType as StimTypeCode, type: s.stimType as StimTypeCode,
    type_name: s.typeName, ad_asset_type_id: s.adAssetTypeId, ad_type_group_id: s.adTypeGroupId, ad_group_type_id: s.adTypeGroupId,
    ad_type_id: s.adTypeId, brand_id: s.brandId, brand: s.brand, media_id: s.mediaId, media: s.media, study_id: s.studyId,
    source: publicUrl(app, s.source), source_key: s.source && !/^https?:/i.test(s.source) ? s.source : null,
    low_quality_source: publicUrl(app, s.lowQualitySource), file_name: s.fileName, tag: s.tag,
    width: s.width, height: s.height, duration_ms: s.durationMs, preview_url: preview,
    vast_media_url: s.stimType === 'vx' && s.tag ? await vastMediaUrl(s.tag) : null,
    aoi_count: s.aoiCount, in_use: s.inUse,
  };
}

function deps(app: FastifyInstance, request: FastifyRequest) {
  const { companyId } = request.auth;
  return {
    db: app.db, storage: app.storage, companyId,
    studyVisible: async (id: number) => Boolean(await findCompanyStudy(app.db, companyId, id)),
  };
}

async function loadStim(app: FastifyInstance, request: FastifyRequest, id: number): Promise<repo.StimFull> {
  const s = await repo.findStim(app.db, request.auth.companyId, id);
  if (!s) throw notFound('Stim not found');
  return s;
}

/** Deletes all of ids or none: 404 for one not the company's, 409 naming every stim in use. */
async function deleteAll(app: FastifyInstance, companyId: number, ids: number[]): Promise<number[]> {
  return app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as typeof app.db;
    const own = await repo.companyStimIds(tx, companyId, ids);
    const missing = ids.filter((id) => !own.includes(id));
    if (missing.length) throw notFound(`Stim not found: ${missing.join(', ')}`);
    const used = await repo.stimUsage(tx, ids);
    if (used.length) {
      const why = used.map((u) => {
        const reasons = [
          u.studies.length ? `placed on a step of ${u.studies.map((n) => `'${n}'`).join(', ')}` : '',
          u.batches ? `in ${u.batches} batch${u.batches === 1 ? '' : 'es'}` : '',
          u.exposures ? `has collected data (${u.exposures} exposure${u.exposures === 1 ? '' : 's'})` : '',
        ].filter(Boolean);
        return `'${u.name}' (id ${u.id}) is ${reasons.join(' and ')}`.replace(' is has', ' has');
      });
      throw conflict(`Nothing was deleted: ${why.join('; ')}.`);
    }
    return repo.deleteStims(tx, companyId, ids);
  });
}

export default async function stims(app: FastifyInstance) {
  route(app, contract.list, async (request) => {
    // A vendor has no stim library; the legacy vendor stim list asks for it on mount and breaks on
    // a 403, so it gets an empty list (issue 39, docs/decisions.md). Nothing of the company is read.
    if (!request.auth.superUser && request.auth.userTypeId === 2) {
      return { data: [], page_num: 1, total_page_num: 0, total_count: 0, results_per_page: 25, order_by: parseOrder(request.body.order_by).value };
    }
    requireStudyRole(request);
    const q = await listQuery(app, request.body, request.auth.companyId);
    return answerList(app, q, parseOrder(request.body.order_by).value);
  });

  route(app, contract.studyList, async (request) => {
    requireStudyRole(request);
    const study = await companyStudy(app, request, toId(request.params.id));
    const q = await listQuery(app, { ...request.body, filter_study_id: undefined }, request.auth.companyId, study.id);
    return answerList(app, q, parseOrder(request.body.order_by).value);
  });

  route(app, contract.create, async (request) => {
    requireStudyRole(request);
    const d = deps(app, request);
    const values = await stimValues(d, request.body as StimInput, null);
    const id = await repo.insertStim(app.db, d.companyId, { ...values, name: values.name!, stimType: values.stimType! });
    const s = await loadStim(app, request, id);
    return { success: true as const, stim_id: id, data: await stimDetails(app, s) };
  });

  route(app, contract.details, async (request) => {
    requireStudyRole(request);
    const s = await loadStim(app, request, toId(request.params.id));
    return { success: true as const, data: await stimDetails(app, s) };
  });

  route(app, contract.edit, async (request) => {
    requireStudyRole(request);
    const current = await loadStim(app, request, toId(request.params.id));
    const d = deps(app, request);
    const values = await stimValues(d, request.body as StimInput, current);
    await guardStimContent(app.db, current, values);
    await repo.updateStim(app.db, d.companyId, current.id, values);
    const s = await loadStim(app, request, current.id);
    return { success: true as const, stim_id: s.id, data: await stimDetails(app, s) };
  });

  route(app, contract.remove, async (request) => {
    requireStudyRole(request);
    const deleted = await deleteAll(app, request.auth.companyId, [toId(request.params.id)]);
    return { success: true as const, deleted };
  });

  route(app, contract.draftPreview, async (request) => {
    requireStudyRole(request);
    const origin = app.config.filesOrigin ?? '';
    return { success: true as const, url: `${origin}${app.signer.sign('/preview/draft', PREVIEW_TTL)}`, origin };
  });

  route(app, contract.removeMany, async (request) => {
    requireStudyRole(request);
    const deleted = await deleteAll(app, request.auth.companyId, request.body.ids);
    return { success: true as const, deleted };
  });
}

