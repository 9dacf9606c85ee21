// Home counts and the study list (spec document 1). Schemas: contract/studies.ts.
import type { FastifyInstance } from 'fastify';
import {
  batchCounts, findStudyOwner, listStudies, studyCounts, STUDY_SORT_KEYS, type StudySortKey,
} from '../../repositories/studies.js';
import { getCompany, getUserDetails } from '../../repositories/users.js';
import { badRequest, notFound } from '../../errors.js';
import * as contract from '../../../contract/studies.js';
import { route, toId } from '../common.js';
import { publicUrl } from '../../storage/index.js';

export { PAGE_SIZES, DEFAULT_PAGE_SIZE, DEFAULT_ORDER } from '../../../contract/studies.js';
const ORDER_VALUES = STUDY_SORT_KEYS.flatMap((k) => [`${k}_asc`, `${k}_desc`]);

const flag = (v: string | number | null | undefined): boolean | null => {
  const s = v === null || v === undefined ? '' : String(v);
  return s === '1' ? true : s === '0' ? false : null;
};

export default async function studyRoutes(app: FastifyInstance) {
  // Super users only (the contract's roles, checked before this runs): a link to another
  // company's study tells them whose it is, so they can switch to that company.
  route(app, contract.owner, async (request) => {
    const found = await findStudyOwner(app.db, toId(request.params.id));
    if (!found) throw notFound('Study not found');
    return { success: true as const, study_id: found.studyId, company_id: found.companyId, company_name: found.companyName };
  });

  route(app, contract.overview, async (request) => {
    const { companyId, userId, userTypeId } = request.auth;
    const [counts, company, user] = await Promise.all([
      userTypeId === 1 ? studyCounts(app.db, companyId) : batchCounts(app.db, companyId),
      getCompany(app.db, companyId),
      getUserDetails(app.db, userId),
    ]);
    return {
      ...counts,
      company: company?.name ?? '',
      // Stored logos are storage keys (signed /files URLs for the browser) or absolute URLs.
      company_logo_url: publicUrl(app, company?.logo_url ?? null),
      first_name: user?.first_name ?? '',
    };
  });

  route(app, contract.listAll, async (request) => {
    const { companyId } = request.auth;
    const list = await listStudies(app.db, {
      companyId, page: 1, pageSize: 0, sortKey: 'name', descending: false, name: '', live: null, completed: null, mediaId: 0, environmentId: 0,
    });
    return { data: list.items, ...list.counts, total_count: list.total };
  });

  route(app, contract.list, async (request) => {
    const b = request.body;
    // Numbers may arrive as decimal strings (legacy client); the contract allows nothing else.
    const pageSize = Number(b.results_per_page ?? contract.DEFAULT_PAGE_SIZE);
    const page = Number(b.page_num ?? 1);
    const orderBy = (b.order_by || contract.DEFAULT_ORDER).trim().toLowerCase();
    if (!ORDER_VALUES.includes(orderBy)) throw badRequest('Validation failed', { order_by: `must be one of ${ORDER_VALUES.join(', ')}` });
    const cut = orderBy.lastIndexOf('_');
    const sortKey = orderBy.slice(0, cut) as StudySortKey;
    const { companyId } = request.auth;

    const list = await listStudies(app.db, {
      companyId,
      page,
      pageSize,
      sortKey,
      descending: orderBy.slice(cut + 1) === 'desc',
      name: (b.filter_name ?? '').trim(),
      live: flag(b.filter_live),
      completed: flag(b.filter_completed),
      mediaId: Number(b.filter_media_id ?? 0),
      environmentId: Number(b.filter_environment_id ?? 0),
    });
    return {
      data: list.items,
      ...list.counts,
      page_num: page,
      total_page_num: Math.max(1, Math.ceil(list.total / pageSize)),
      order_by: orderBy,
      results_per_page: pageSize,
      total_count: list.total,
    };
  });
}
