// Brands and brand categories (server/routes/brands; spec document 2 §3.9, §4.5, §7.1). Shared
// reference data: everyone reads them (GET /dashboard/data/brands_list/, brandcategorys_list/ in
// contract/lookups.ts); only super users create them. clean_name is the lowercase, trimmed name
// and is unique: a second brand (or category) of the same clean_name is refused with 409.
import { Type, type Static } from 'typebox';
import { defineOperation, Id, IntLike, Ok, Text } from './common.js';

export const BRAND_NAME_MAX = 100;

export const BrandCategoryCreateBody = Type.Object({
  name: Text(BRAND_NAME_MAX, { minLength: 1 }),
  clean_name: Type.Optional(Text(BRAND_NAME_MAX, { description: 'Ignored: the server stores the lowercase, trimmed name' })),
});
export type BrandCategoryCreateBody = Static<typeof BrandCategoryCreateBody>;

export const BrandCreateBody = Type.Object({
  name: Text(BRAND_NAME_MAX, { minLength: 1 }),
  clean_name: Type.Optional(Text(BRAND_NAME_MAX, { description: 'Ignored: the server stores the lowercase, trimmed name' })),
  brand_category_id: IntLike(1),
});
export type BrandCreateBody = Static<typeof BrandCreateBody>;

export const BrandCategory = Type.Object({ id: Id(), name: Type.String(), clean_name: Type.String() });
export type BrandCategory = Static<typeof BrandCategory>;
export const Brand = Type.Object({
  id: Id(), name: Type.String(), clean_name: Type.String(), brand_category_id: Id(),
  brand_category: Type.Object({ id: Id(), name: Type.String() }),
});
export type Brand = Static<typeof Brand>;

export const BrandCategoryCreateResponse = Ok({ id: Id(), brand_category_id: Id(), data: BrandCategory });
export type BrandCategoryCreateResponse = Static<typeof BrandCategoryCreateResponse>;
export const BrandCreateResponse = Ok({ id: Id(), brand_id: Id(), data: Brand });
export type BrandCreateResponse = Static<typeof BrandCreateResponse>;

export const createCategory = defineOperation({
  operationId: 'createBrandCategory',
  method: 'POST',
  path: '/v1.0/brandcategorys/create',
  summary: 'Create a brand category (super users only)',
  description: '409 when a category of the same lowercase name exists.',
  tags: ['stims'], access: 'write', roles: ['super_user'],
  body: BrandCategoryCreateBody,
  response: { 200: BrandCategoryCreateResponse },
  errors: [409],
});

export const createBrand = defineOperation({
  operationId: 'createBrand',
  method: 'POST',
  path: '/v1.0/brands/create',
  summary: 'Create a brand in a category (super users only)',
  description: '409 when a brand of the same lowercase name exists; 400 when the category does not.',
  tags: ['stims'], access: 'write', roles: ['super_user'],
  body: BrandCreateBody,
  response: { 200: BrandCreateResponse },
  errors: [409],
});

export const operations = { createCategory, createBrand };
