// Reference lists under /v1.0/dashboard/data/ (server/routes/lookups; spec document 1 §7). The
// legacy client reads some by GET and some by POST, so every list answers both (two operations
// per list). Items carry both {id, name} and {code, description}, plus a few list-specific fields.
// The answer is the bare array the legacy client reads (the spec is silent on the form); a client
// that sends LOOKUP_ENVELOPE_ACCEPT (our SDK) gets {success:true, data:[…]} instead
// (docs/decisions.md "Lookup lists: bare array, envelope on request").
import { Type, type Static, type TObject, type TSchema } from 'typebox';
import { defineOperation, Id, IdOrZeroParam, INT4_MAX, Nullable, Ok, SIGNED_IN, type EmbedUse, type Operation, type Role } from './common.js';
export * from './values/lookups.js';

const base = {
  id: Id(),
  name: Type.String(),
  code: Type.String(),
  description: Type.String({ description: 'The same as name' }),
};
export const LookupItem = Type.Object(base);
export type LookupItem = Static<typeof LookupItem>;

const item = <P extends Record<string, TSchema>>(extra: P) => Type.Object({ ...base, ...extra });

export const AdTypeGroupItem = item({ ad_asset_type_id: Id() });
export const AdTypeItem = item({ ad_type_group_id: Id(), ad_asset_type_id: Id(), ad_category_id: Nullable(Id()) });
export const QuestionGroupItem = item({ text: Type.String(), question_system: Type.String({ description: "'ex' or 'lu'" }) });
export const BrandItem = item({ clean_name: Type.String(), brand_category_id: Id(), brand_category: Type.String() });
export const BrandCategoryItem = item({ clean_name: Type.String() });
export const CompanyItem = item({ internal_id: Type.String() });
export type AdTypeGroupItem = Static<typeof AdTypeGroupItem>;
export type AdTypeItem = Static<typeof AdTypeItem>;
export type QuestionGroupItem = Static<typeof QuestionGroupItem>;
export type BrandItem = Static<typeof BrandItem>;
export type BrandCategoryItem = Static<typeof BrandCategoryItem>;
export type CompanyItem = Static<typeof CompanyItem>;

/** Filters a list understands: in the query string (GET, and POST too) or the body (POST). */
export const FILTERS = {
  ad_asset_type_id: 'Only ad type groups of this ad asset type (0 = all)',
  ad_type_group_id: 'Only ad types of this group (0 = all)',
} as const;
export type LookupFilter = keyof typeof FILTERS;

export interface LookupListDef {
  summary: string;
  item: TObject;
  filters?: readonly LookupFilter[];
  roles?: readonly [Role, ...Role[]];
  /** The lookup_item kind, for lists that are one kind as it is. */
  kind?: string;
  /** A company's own rows (not reference data): embed tokens may not read it. */
  companyData?: true;
}

const demographic = (k: string): LookupListDef => ({ summary: `Demographic filter items: ${k} groups {id, name}`, item: LookupItem, kind: `${k}_group` });

/** Path below /v1.0/dashboard/data/ → the list. */
export const LOOKUP_LISTS = {
  stimtypes_list: { summary: 'Stim types (code s, va, vx, i, v)', item: LookupItem, kind: 'stim_type' },
  environments_list: { summary: 'Study environments (Webcam, Mobile, Lab, All devices)', item: LookupItem, kind: 'environment' },
  medias_list: { summary: 'Media', item: LookupItem, kind: 'media' },
  studytypes_list: { summary: 'Study types', item: LookupItem, kind: 'study_type' },
  projectlocations_list: { summary: 'Project locations', item: LookupItem, kind: 'project_location' },
  studylanguages_list: { summary: 'Study languages', item: LookupItem, kind: 'study_language' },
  incontextsites_list: { summary: 'In-context sites for social ad tests', item: LookupItem, kind: 'incontext_site' },
  panels_list: { summary: 'Recruitment panels', item: LookupItem, kind: 'recruitment_panel' },
  panelistroles_list: { summary: 'Panelist roles', item: LookupItem, kind: 'panelist_role' },
  adcategorys_list: { summary: 'Ad categories (the comparison sets of norm type 4)', item: LookupItem, kind: 'ad_category' },
  nextbuttontypes_list: { summary: 'Next-button types of a step', item: LookupItem, kind: 'next_button_type' },
  'demographics/age_list': demographic('age'),
  'demographics/family_list': demographic('family'),
  'demographics/earnings_list': demographic('earnings'),
  'demographics/gender_list': demographic('gender'),
  'demographics/socialgrade_list': demographic('socialgrade'),
  'demographics/ethnicity_list': demographic('ethnicity'),
  adassettypes_list: { summary: 'Ad asset types', item: LookupItem },
  adtypegroups_list: { summary: 'Ad type groups, optionally of one ad asset type', item: AdTypeGroupItem, filters: ['ad_asset_type_id'] },
  adtypes_list: { summary: 'Ad types, optionally of one ad type group', item: AdTypeItem, filters: ['ad_type_group_id'] },
  prestudyquestiongroups_list: { summary: "Screening question groups (the product's and the acting company's)", item: QuestionGroupItem, companyData: true },
  brands_list: { summary: 'Brands (with clean_name and brand_category_id)', item: BrandItem },
  brandcategorys_list: { summary: 'Brand categories', item: BrandCategoryItem },
  companies_list: { summary: 'Every company {id, internal_id, name} (super users only)', item: CompanyItem, roles: ['super_user'] },
} as const satisfies Record<string, LookupListDef>;
export type LookupListName = keyof typeof LOOKUP_LISTS;

const listAnswer = (item: TObject) => Type.Union([
  Type.Array(item, { description: 'Default: the bare array (the legacy client reads this)' }),
  Ok({ data: Type.Array(item) }, { description: `With "Accept: ${'application/json; envelope=1'}": the enveloped form` }),
]);

const camel = (path: string) => path.replace(/[/_](\w)/g, (_m, c: string) => c.toUpperCase());

function filterSchemas(filters: readonly LookupFilter[] = []) {
  const query = Type.Object(Object.fromEntries(filters.map((f) => [f, Type.Optional(IdOrZeroParam({ description: FILTERS[f] }))])));
  const body = Type.Object(Object.fromEntries(filters.map((f) => [f, Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX, description: FILTERS[f] }))])));
  return { query, body };
}

const EMBED_ANY: EmbedUse = { reportTypes: 'any' };

function listOperations(path: LookupListName) {
  const def: LookupListDef = LOOKUP_LISTS[path];
  const { query, body } = filterSchemas(def.filters);
  const common = {
    path: `/v1.0/dashboard/data/${path}`,
    summary: def.summary,
    tags: ['lookups'],
    access: 'read',
    roles: def.roles ?? SIGNED_IN,
    querystring: query,
    description: `Answers a bare JSON array of items; with "Accept: ${'application/json; envelope=1'}" the same items as {success:true, data:[…]}.`,
    response: { 200: listAnswer(def.item) },
    errors: def.roles ? [403 as const] : [],
    // Reference data any embedded report may read; a company's own lists and super-user lists not.
    ...(def.roles || def.companyData ? {} : { embed: EMBED_ANY }),
  } as const;
  return {
    get: defineOperation({ ...common, operationId: `${camel(path)}Get`, method: 'GET' }),
    post: defineOperation({ ...common, operationId: `${camel(path)}Post`, method: 'POST', body, optionalBody: true }),
  };
}

/** Both operations of every list, keyed by list path. */
export const lists = Object.fromEntries(
  (Object.keys(LOOKUP_LISTS) as LookupListName[]).map((path) => [path, listOperations(path)]),
) as unknown as Record<LookupListName, { get: Operation; post: Operation }>;

/** The enveloped answer (LOOKUP_ENVELOPE_ACCEPT). */
export const LookupListEnvelope = Ok({ data: Type.Array(LookupItem) });
export type LookupListEnvelope = Static<typeof LookupListEnvelope>;
/** Either form of a list's answer. */
export const LookupListResponse = listAnswer(LookupItem);
export type LookupListResponse = Static<typeof LookupListResponse>;

export const operations: Record<string, Operation> = Object.fromEntries(
  Object.values(lists).flatMap((l) => [[l.get.operationId, l.get], [l.post.operationId, l.post]]),
);
