// Public paths outside /v1.0 that describe the running server.
import { Type, type Static } from 'typebox';
import { defineOperation } from './common.js';

/**
 * `/{product}` on the dashboard sends the visitor to the provider's page of that product (D1-016);
 * these are the defaults, changed per deployment with PRODUCT_SITE_URL and PRODUCT_NAMES.
 */
export const DEFAULT_PRODUCT_SITE = 'https://gazeboard.example';
export const DEFAULT_PRODUCTS = ['attention', 'eye-tracking', 'focus', 'pricing', 'about'] as const;
/** A product name is one lower-case path segment. */
export const PRODUCT_NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';

export const MetaResponse = Type.Object({
  version: Type.String({ description: 'package.json version of the running server' }),
  environment: Type.String(),
  product_site: Type.String({ description: "The provider's site: the dashboard sends /{product} to `${product_site}/{product}` (PRODUCT_SITE_URL)" }),
  products: Type.Array(Type.String({ pattern: PRODUCT_NAME_PATTERN }), {
    description: 'Product names the dashboard redirects at /{product} (PRODUCT_NAMES, comma-separated); any other single-segment path is a 404',
  }),
});
export type MetaResponse = Static<typeof MetaResponse>;

export const meta = defineOperation({
  operationId: 'getMeta',
  method: 'GET',
  path: '/meta.json',
  summary: 'The running version (read by the dashboard’s version check) and the product redirect list',
  tags: ['meta'],
  access: 'read',
  roles: ['public'],
  response: { 200: MetaResponse },
});

/** Any JSON object (the OpenAPI document itself). */
export const OpenApiDocument = Type.Object({ openapi: Type.String(), info: Type.Object({}, { additionalProperties: true }), paths: Type.Object({}, { additionalProperties: true }) }, { additionalProperties: true });

export const openapi = defineOperation({
  operationId: 'getOpenApi',
  method: 'GET',
  path: '/v1.0/openapi.json',
  summary: 'This API description (OpenAPI 3.1), generated from the contract',
  tags: ['meta'],
  access: 'read',
  roles: ['public'],
  hidden: true,
  response: { 200: OpenApiDocument },
});

export const OriginCheck = Type.Object({
  success: Type.Literal(true),
  origin: Type.Union([Type.String(), Type.Null()], { description: 'The Origin header the request carried (null: none, same-origin)' }),
  allowed: Type.Boolean({ description: 'Whether the API answers CORS for that origin (same origin: true)' }),
  message: Type.Union([Type.String(), Type.Null()], { description: "Why not, in the words an embedded element shows; null when allowed" }),
});
export type OriginCheck = Static<typeof OriginCheck>;

export const originCheck = defineOperation({
  operationId: 'checkOrigin',
  method: 'GET',
  path: '/v1.0/origin-check',
  summary: 'Whether the calling page\'s origin may use the API (answered to every origin)',
  description: "A widget whose API call failed without an answer asks this (a simple GET: no preflight, Access-Control-Allow-Origin: *), so it can tell a page outside the allowed origins (403 'This embed token is not allowed on this page') from being offline. It reveals no more than a preflight does: whether that one origin is allowed.",
  tags: ['meta'],
  access: 'read',
  roles: ['public'],
  response: { 200: OriginCheck },
});

export const operations = { meta, openapi, originCheck };
