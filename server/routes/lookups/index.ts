// Reference lists under /dashboard/data/ (GET and POST each). Which lists exist, their items and
// filters: contract/lookups.ts; here only where each list's rows come from.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  adAssetTypes, adTypeGroups, adTypes, brandCategories, brands, lookupItems, preStudyQuestionGroups,
  type LookupEntry,
} from '../../repositories/lookups.js';
import { listCompanies } from '../../repositories/users.js';
import { forbidden } from '../../errors.js';
import { LOOKUP_LISTS, lists, wantsEnvelope, type LookupFilter, type LookupListDef, type LookupListName } from '../../../contract/lookups.js';
import { route } from '../common.js';

type Filters = Partial<Record<LookupFilter, number>>;
type Loader = (request: FastifyRequest, filters: Filters) => Promise<unknown[]>;

export default async function lookupRoutes(app: FastifyInstance) {
  const loaders: Partial<Record<LookupListName, Loader>> = {
    adassettypes_list: () => adAssetTypes(app.db),
    adtypegroups_list: (_r, f) => adTypeGroups(app.db, f.ad_asset_type_id || undefined),
    adtypes_list: (_r, f) => adTypes(app.db, f.ad_type_group_id || undefined),
    prestudyquestiongroups_list: (r) => preStudyQuestionGroups(app.db, r.auth.companyId),
    brands_list: () => brands(app.db),
    brandcategorys_list: () => brandCategories(app.db),
    companies_list: async (r) => {
      if (!r.auth.superUser) throw forbidden('Only super users may list companies');
      const rows = await listCompanies(app.db);
      return rows.map((c): LookupEntry => ({ id: c.id, internal_id: c.internal_id, name: c.name, code: c.internal_id, description: c.name }));
    },
  };

  for (const [path, ops] of Object.entries(lists) as [LookupListName, (typeof lists)[LookupListName]][]) {
    const def: LookupListDef = LOOKUP_LISTS[path];
    const load = loaders[path] ?? (() => lookupItems(app.db, def.kind!));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Query filters are decimal strings (the contract's pattern), body filters integers.
      const query = Object.fromEntries(Object.entries((request.query ?? {}) as Record<string, string>).map(([k, v]) => [k, Number(v)]));
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Filters;
      const data = await load(request, { ...body, ...query });
      // The form depends on Accept (a bare array by default, as the legacy client reads it).
      reply.header('vary', 'Accept');
      return wantsEnvelope(request.headers.accept) ? { success: true as const, data } : data;
    };
    route(app, ops.get, handler);
    route(app, ops.post, handler);
  }
}
