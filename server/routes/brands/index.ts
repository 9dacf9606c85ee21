// Brand categories and brands (contract/brands.ts): shared reference data, created by super users
// only. clean_name is the lowercase, trimmed name; a duplicate answers 409.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as repo from '../../repositories/brands.js';
import { badRequest, conflict, forbidden } from '../../errors.js';
import * as contract from '../../../contract/brands.js';
import { route } from '../common.js';

function requireSuperUser(request: FastifyRequest): void {
  if (!request.auth.superUser) throw forbidden('Only super users may create brands and brand categories');
}

export default async function brands(app: FastifyInstance) {
  route(app, contract.createCategory, async (request) => {
    requireSuperUser(request);
    const name = request.body.name.trim().replace(/\s+/g, ' ');
    if (!name) throw badRequest('Validation failed', { name: 'is required' });
    const clean = repo.cleanName(name);
    const row = (await repo.findCategoryByCleanName(app.db, clean)) ? null : await repo.insertCategory(app.db, name, clean);
    if (!row) throw conflict(`A brand category named '${name}' already exists`);
    return { success: true as const, id: row.id, brand_category_id: row.id, data: { id: row.id, name: row.name, clean_name: row.cleanName } };
  });

  route(app, contract.createBrand, async (request) => {
    requireSuperUser(request);
    const name = request.body.name.trim().replace(/\s+/g, ' ');
    if (!name) throw badRequest('Validation failed', { name: 'is required' });
    const category = await repo.findCategory(app.db, Number(request.body.brand_category_id));
    if (!category) throw badRequest('Validation failed', { brand_category_id: 'unknown brand category' });
    const clean = repo.cleanName(name);
    const row = (await repo.findBrandByCleanName(app.db, clean)) ? null : await repo.insertBrand(app.db, name, clean, category.id);
    if (!row) throw conflict(`A brand named '${name}' already exists`);
    return {
      success: true as const, id: row.id, brand_id: row.id,
      data: { id: row.id, name: row.name, clean_name: row.cleanName, brand_category_id: category.id, brand_category: { id: category.id, name: category.name } },
    };
  });
}
