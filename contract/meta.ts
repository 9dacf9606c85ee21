// Public paths outside /v1.0 that describe the running server.
import { Type, type Static } from 'typebox';
import { defineOperation } from './common.js';

export const MetaResponse = Type.Object({
  version: Type.String({ description: 'package.json version of the running server' }),
  environment: Type.String(),
});
export type MetaResponse = Static<typeof MetaResponse>;

export const meta = defineOperation({
  operationId: 'getMeta',
  method: 'GET',
  path: '/meta.json',
  summary: 'The running version (read by the dashboard’s version check)',
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

export const operations = { meta, openapi };
