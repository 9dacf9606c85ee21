// Reference lists under /dashboard/data/. The legacy client reads some by GET and some by POST,
// so every list answers both; answers are {success:true, data:[…]} with items carrying both
// {id, name} and {code, description}.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adAssetTypes, adTypeGroups, adTypes, brandCategories, brands, lookupItems, preStudyQuestionGroups,
  type LookupEntry,
} from '../../repositories/lookups.js';
import { listCompanies } from '../../repositories/users.js';
import { forbidden } from '../../errors.js';
import { optionalBody } from '../common.js';

type Filters = { ad_type_group_id?: number; ad_asset_type_id?: number };
type Loader = (request: FastifyRequest, filters: Filters) => Promise<unknown[]>;

interface ListDef {
  path: string;
  summary: string;
  load: Loader;
  /** Optional filter parameters this list understands (query string, or body when POSTed). */
  filters?: (keyof Filters)[];
}

/** Lists that are one lookup kind as it is: path → [lookup kind, summary]. */
const LOOKUP_LISTS: Record<string, [kind: string, summary: string]> = {
  stimtypes_list: ['stim_type', 'Stim types (code s, va, vx, i, v)'],
  environments_list: ['environment', 'Study environments (Webcam, Mobile, Lab, All devices)'],
  medias_list: ['media', 'Media'],
  studytypes_list: ['study_type', 'Study types'],
  projectlocations_list: ['project_location', 'Project locations'],
  studylanguages_list: ['study_language', 'Study languages'],
  incontextsites_list: ['incontext_site', 'In-context sites for social ad tests'],
  panels_list: ['recruitment_panel', 'Recruitment panels'],
  panelistroles_list: ['panelist_role', 'Panelist roles'],
  adcategorys_list: ['ad_category', 'Ad categories (the comparison sets of norm type 4)'],
  nextbuttontypes_list: ['next_button_type', 'Next-button types of a step'],
  ...Object.fromEntries((['age', 'family', 'earnings', 'gender', 'socialgrade', 'ethnicity'] as const).map((k) => [
    `demographics/${k}_list`, [`${k}_group`, `Demographic filter items: ${k} groups {id, name}`],
  ])),
};

export default async function dashboardRoutes(app: FastifyInstance) {
  const lists: ListDef[] = [
    ...Object.entries(LOOKUP_LISTS).map(([path, [kind, summary]]): ListDef => ({ path, summary, load: () => lookupItems(app.db, kind) })),
    { path: 'adassettypes_list', summary: 'Ad asset types', load: () => adAssetTypes(app.db) },
    {
      path: 'adtypegroups_list', summary: 'Ad type groups, optionally of one ad asset type', filters: ['ad_asset_type_id'],
      load: (_r, f) => adTypeGroups(app.db, f.ad_asset_type_id || undefined),
    },
    {
      path: 'adtypes_list', summary: 'Ad types, optionally of one ad type group', filters: ['ad_type_group_id'],
      load: (_r, f) => adTypes(app.db, f.ad_type_group_id || undefined),
    },
    {
      path: 'prestudyquestiongroups_list', summary: "Screening question groups (the product's and the acting company's)",
      load: (r) => preStudyQuestionGroups(app.db, r.auth.companyId),
    },
    { path: 'brands_list', summary: 'Brands (with clean_name and brand_category_id)', load: () => brands(app.db) },
    { path: 'brandcategorys_list', summary: 'Brand categories', load: () => brandCategories(app.db) },
    {
      path: 'companies_list', summary: 'Every company {id, internal_id, name} (super users only)',
      load: async (r) => {
        if (!r.auth.superUser) throw forbidden('Only super users may list companies');
        const rows = await listCompanies(app.db);
        return rows.map((c): LookupEntry => ({ id: c.id, internal_id: c.internal_id, name: c.name, code: c.internal_id, description: c.name }));
      },
    },
  ];

  for (const list of lists) {
    const filterProps = Object.fromEntries((list.filters ?? []).map((f) => [f, { type: 'integer', minimum: 0 }]));
    const querystring = { type: 'object', properties: filterProps } as const;
    const url = `/dashboard/data/${list.path}`;
    const handler = async (request: FastifyRequest) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Filters;
      const filters = { ...body, ...(request.query as Filters) };
      return { success: true, data: await list.load(request, filters) };
    };
    const schema = { summary: list.summary, tags: ['lookups'], querystring };
    app.get(url, { schema }, handler);
    app.post(url, { preValidation: optionalBody, schema: { ...schema, body: { type: 'object', properties: filterProps } } }, handler);
  }
}
