// Home counts, the study list and the participant demographic summary (spec document 1).
import type { FastifyInstance } from 'fastify';
import {
  batchCounts, listStudies, studyCounts, STUDY_SORT_KEYS, type StudySortKey,
} from '../../repositories/studies.js';
import { getCompany, getUserDetails } from '../../repositories/users.js';
import { demographicSummary, type DemographicKind } from '../../repositories/demographics.js';
import { badRequest } from '../../errors.js';
import { companyStudy, optionalBody, studyParams } from '../common.js';
import { publicUrl } from '../../storage/index.js';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_ORDER = 'name_asc';
const ORDER_VALUES = STUDY_SORT_KEYS.flatMap((k) => [`${k}_asc`, `${k}_desc`]);

// '1' = only flagged studies, '-1' (or absent) = no filter, '0' = only unflagged ones.
// enum alone (no type) so both the strings and the numbers the clients send pass as they are.
const flagFilter = {
  enum: ['1', '-1', '0', '', 1, -1, 0, null],
  description: "'1' only live/completed, '-1' no filter (default), '0' only not live/completed",
} as const;

const studyListBody = {
  type: 'object',
  properties: {
    results_per_page: { type: 'integer', enum: [...PAGE_SIZES], default: DEFAULT_PAGE_SIZE },
    page_num: { type: 'integer', minimum: 1, default: 1 },
    order_by: { type: 'string', default: DEFAULT_ORDER, description: `One of ${ORDER_VALUES.join(', ')} (case-insensitive)` },
    filter_name: { type: ['string', 'null'], maxLength: 255, description: 'Case-insensitive substring of the study name' },
    filter_live: flagFilter,
    filter_completed: flagFilter,
    filter_media_id: { type: ['integer', 'null'], minimum: 0, description: '0 = all media' },
    filter_environment_id: { type: ['integer', 'null'], minimum: 0, description: '0 = all environments' },
  },
} as const;

interface StudyListBody {
  results_per_page?: number;
  page_num?: number;
  order_by?: string;
  filter_name?: string | null;
  filter_live?: string | number | null;
  filter_completed?: string | number | null;
  filter_media_id?: number | null;
  filter_environment_id?: number | null;
}

const flag = (v: string | number | null | undefined): boolean | null => {
  const s = v === null || v === undefined ? '' : String(v);
  return s === '1' ? true : s === '0' ? false : null;
};

const idList = { type: 'array', items: { type: 'integer' }, maxItems: 100 } as const;

const summaryBody = {
  type: 'object',
  properties: {
    limit_to_eyetracking: { enum: [true, false, 1, 0, '1', '0', 'true', 'false', '', null], description: 'true / 1 / "true" limits to respondents with eye-tracking data' },
    age_group_ids: idList,
    family_group_ids: idList,
    earnings_group_ids: idList,
    genders_group_ids: idList,
  },
} as const;

interface SummaryBody {
  limit_to_eyetracking?: boolean | number | string | null;
  age_group_ids?: number[];
  family_group_ids?: number[];
  earnings_group_ids?: number[];
  genders_group_ids?: number[];
}

const truthy = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'yes', 'on'].includes(v.trim().toLowerCase()));

export default async function studyRoutes(app: FastifyInstance) {
  app.get('/studies/overview', {
    schema: {
      summary: 'Home page counts for the acting company',
      description: 'Answers {total_live, total_completed, company, company_logo_url, first_name}. For study users (user_type_id 1) the counts are studies with live / completed set, equal to the study list totals; for batch users they are live / completed batches.',
      tags: ['studies'],
    },
  }, async (request) => {
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

  app.post<{ Body: StudyListBody | undefined }>('/studies', {
    preValidation: optionalBody,
    schema: {
      summary: "The acting company's study list, paged, sorted and filtered",
      description: 'Answers {data:[{study_id, name, environment, media, live, completed, cell_count, participants_requested, participants_returned, data_collection_start, data_collection_end}], total_live, total_completed, page_num, total_page_num, order_by, results_per_page, total_count}. total_live / total_completed count the whole list, not the page or the filters.',
      tags: ['studies'],
      body: studyListBody,
    },
  }, async (request) => {
    const b = request.body ?? {};
    const pageSize = b.results_per_page ?? DEFAULT_PAGE_SIZE;
    const page = b.page_num ?? 1;
    const orderBy = (b.order_by || DEFAULT_ORDER).trim().toLowerCase();
    if (!ORDER_VALUES.includes(orderBy)) throw badRequest('Validation failed', { order_by: `must be one of ${ORDER_VALUES.join(', ')}` });
    const cut = orderBy.lastIndexOf('_');
    const sortKey = orderBy.slice(0, cut) as StudySortKey;
    const { companyId } = request.auth;

    const [list, counts] = await Promise.all([
      listStudies(app.db, {
        companyId,
        page,
        pageSize,
        sortKey,
        descending: orderBy.slice(cut + 1) === 'desc',
        name: (b.filter_name ?? '').trim(),
        live: flag(b.filter_live),
        completed: flag(b.filter_completed),
        mediaId: b.filter_media_id ?? 0,
        environmentId: b.filter_environment_id ?? 0,
      }),
      studyCounts(app.db, companyId),
    ]);
    return {
      data: list.items,
      ...counts,
      page_num: page,
      total_page_num: Math.max(1, Math.ceil(list.total / pageSize)),
      order_by: orderBy,
      results_per_page: pageSize,
      total_count: list.total,
    };
  });

  app.post<{ Params: { id: number }; Body: SummaryBody | undefined }>('/studies/:id/participant_demographic_summary', {
    preValidation: optionalBody,
    schema: {
      summary: "Counts of a study's respondents per demographic group",
      description: 'Answers {success:true, data:{age_group, gender_group, family_group, earnings_group, socialgrade_group, ethnicity_group}, study_id, study_name, total}; each group list holds every group of its kind as {id, name, count} (0 when none). Test respondents are left out. Filters combine with AND across kinds and OR within a kind; empty lists do not filter. total is the number of respondents counted (those without a group form the "Other" share).',
      tags: ['studies', 'demographics'],
      params: studyParams,
      body: summaryBody,
    },
  }, async (request) => {
    const found = await companyStudy(app, request, request.params.id);
    const b = request.body ?? {};
    const groups: Partial<Record<DemographicKind, number[]>> = {
      age_group: b.age_group_ids ?? [],
      family_group: b.family_group_ids ?? [],
      earnings_group: b.earnings_group_ids ?? [],
      gender_group: b.genders_group_ids ?? [],
    };
    const { summary, total } = await demographicSummary(app.db, found.id, { eyetrackingOnly: truthy(b.limit_to_eyetracking), groups });
    return { success: true, data: summary, study_id: found.id, study_name: found.name, total };
  });
}
