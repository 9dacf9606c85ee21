// Home counts and the study list (server/routes/studies; spec document 1 §3, §7).
import { Type, type Static } from 'typebox';
import { defineOperation, Id, Int4, IntLike, Nullable, PageNum, PageSize, SIGNED_IN, STUDY_ROLES, StudyParams, Text } from './common.js';

export { PAGE_SIZES, DEFAULT_PAGE_SIZE } from './common.js';
export const DEFAULT_ORDER = 'name_asc';
export const STUDY_SORT_KEYS = ['name', 'environment', 'media', 'id'] as const;
export const STUDY_ORDER_VALUES = STUDY_SORT_KEYS.flatMap((k) => [`${k}_asc`, `${k}_desc`]);

export const HomeOverview = Type.Object({
  total_live: Int4(),
  total_completed: Int4(),
  company: Type.String(),
  company_logo_url: Nullable(Type.String({ description: 'Signed /files URL or an absolute URL' })),
  first_name: Type.String(),
});
export type HomeOverview = Static<typeof HomeOverview>;

/**
 * '1' = only flagged studies, '-1' (or absent) = no filter, '0' = only unflagged ones. Both the
 * strings and the numbers the clients send pass as they are.
 */
export const FlagFilter = Type.Unsafe<'1' | '-1' | '0' | '' | 1 | -1 | 0 | null>({
  enum: ['1', '-1', '0', '', 1, -1, 0, null],
  description: "'1' only live/completed, '-1' no filter (default), '0' only not live/completed",
});

export const StudyListBody = Type.Object({
  results_per_page: Type.Optional(PageSize),
  page_num: Type.Optional(PageNum),
  order_by: Type.Optional(Type.String({ maxLength: 40, default: DEFAULT_ORDER, description: `One of ${STUDY_ORDER_VALUES.join(', ')} (case-insensitive)` })),
  filter_name: Type.Optional(Nullable(Text(255, { description: 'Case-insensitive substring of the study name' }))),
  filter_live: Type.Optional(FlagFilter),
  filter_completed: Type.Optional(FlagFilter),
  filter_media_id: Type.Optional(Nullable(IntLike(0, { description: '0 = all media' }))),
  filter_environment_id: Type.Optional(Nullable(IntLike(0, { description: '0 = all environments' }))),
});
export type StudyListBody = Static<typeof StudyListBody>;

export const StudyListItem = Type.Object({
  study_id: Id(),
  name: Type.String(),
  environment: Nullable(Type.String()),
  media: Nullable(Type.String()),
  live: Type.Boolean({ description: 'Launched and not closed (true while paused: the Live filter lists paused studies)' }),
  paused: Type.Boolean({ description: "Fieldwork paused by the researcher (take links answer 'paused')" }),
  completed: Type.Boolean(),
  cell_count: Int4(),
  participants_requested: Int4(),
  participants_returned: Int4(),
  data_collection_start: Nullable(Type.String({ description: 'ISO 8601 timestamp: the actual fieldwork start (first counted live session)' })),
  data_collection_end: Nullable(Type.String({ description: 'ISO 8601 timestamp: the actual fieldwork end (completion); null while open' })),
});
export type StudyListItem = Static<typeof StudyListItem>;

export const StudyListResponse = Type.Object({
  data: Type.Array(StudyListItem),
  total_live: Int4({ description: 'Over the whole list, not the page or the filters' }),
  total_completed: Int4({ description: 'Over the whole list, not the page or the filters' }),
  page_num: Int4(),
  total_page_num: Int4(),
  order_by: Type.String(),
  results_per_page: Int4(),
  total_count: Int4({ description: 'Studies matching the filters' }),
});
export type StudyListResponse = Static<typeof StudyListResponse>;

export const overview = defineOperation({
  operationId: 'getHomeOverview',
  method: 'GET',
  path: '/v1.0/studies/overview',
  summary: 'Home page counts for the acting company',
  description: 'Answers {total_live, total_completed, company, company_logo_url, first_name}. For study users (user_type_id 1) the counts are studies with live / completed set, equal to the study list totals; for batch users they are live / completed batches.',
  tags: ['studies'],
  access: 'read',
  roles: SIGNED_IN,
  response: { 200: HomeOverview },
});

export const list = defineOperation({
  operationId: 'listStudies',
  method: 'POST',
  path: '/v1.0/studies',
  summary: "The acting company's study list, paged, sorted and filtered",
  description: 'The body is optional. total_live / total_completed count the whole list, not the page or the filters.',
  tags: ['studies'],
  access: 'read',
  roles: STUDY_ROLES,
  body: StudyListBody,
  optionalBody: true,
  response: { 200: StudyListResponse },
});

export const StudyListAllResponse = Type.Object({
  data: Type.Array(StudyListItem),
  total_live: Int4({ description: 'Over the whole list' }),
  total_completed: Int4({ description: 'Over the whole list' }),
  total_count: Int4({ description: 'Studies in data (the whole list)' }),
});
export type StudyListAllResponse = Static<typeof StudyListAllResponse>;

/** The legacy client's form: the whole list once, unpaged, filtered and sorted in the browser. */
export const listAll = defineOperation({
  operationId: 'listAllStudies',
  method: 'GET',
  path: '/v1.0/studies',
  summary: "The acting company's whole study list, unpaged (legacy client form)",
  description: 'Every study of the acting company in natural name order, with total_live / total_completed over the whole list. The paged, filtered form is POST /studies.',
  tags: ['studies'],
  access: 'read',
  roles: SIGNED_IN,
  response: { 200: StudyListAllResponse },
});

export const StudyOwner = Type.Object({
  success: Type.Literal(true),
  study_id: Int4(),
  company_id: Int4({ description: 'The company the study belongs to' }),
  company_name: Type.String(),
});
export type StudyOwner = Static<typeof StudyOwner>;

export const owner = defineOperation({
  operationId: 'getStudyOwner',
  method: 'GET',
  path: '/v1.0/studies/:id/owner',
  summary: 'The company a study belongs to (super users only)',
  description: "For a super user who follows a link to another company's study: which company to act for. Answers 404 'Study not found' for no such study. Every other role is refused (403) before the study is looked up, so it learns nothing about other companies' studies.",
  tags: ['studies'],
  access: 'read',
  roles: ['super_user'],
  params: StudyParams,
  errors: [404],
  response: { 200: StudyOwner },
});

export const operations = { overview, list, listAll, owner };
