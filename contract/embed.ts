// Embedding (issue 20): embed tokens a researcher creates, lists and revokes for one study (the one
// mechanism My Reports started: server/services/embed-tokens.ts), and the origins a company allows
// to call the API from a browser (CORS) and to carry its embed tokens.
//
// An embed token reads only: the server accepts it for operations whose contract carries `embed`
// (contract/common.ts EmbedUse: which report types read it), on its own study, its stims and its
// report types (403 for anything else), only from its origins (or our own pages), and answers it
// only rows of its stims (server/plugins/auth.ts).
import { Type, type Static } from 'typebox';
import { areaTag, COMPANY_ADMIN_ROLES, defineOperation, Id, IdParam, Nullable, SIGNED_IN, STUDY_ROLES, StudyParams, Text, type EmbedUse } from './common.js';
import { EMBED_REPORT_TYPES, type EmbedReportType, EMBED_DEFAULT_DAYS, EMBED_MAX_DAYS, EMBED_NAME_MAX, EMBED_MAX_ORIGINS, ORIGIN_PATTERN } from './values/embed.js';
export * from './values/embed.js';

declare module './common.js' {
  interface AreaTags { embed: true }
}
const TAG = areaTag('embed');

/**
 * Whether a token limited to `types` (null: every type) opens an operation: the operation must
 * accept embed tokens, and reference data ('any') opens for every type.
 */
export function opensFor(op: { embed?: EmbedUse }, types: readonly string[] | null): boolean {
  const use = op.embed;
  if (!use) return false;
  if (use.reportTypes === 'any' || !types) return true;
  return use.reportTypes.some((t) => types.includes(t));
}

const Origin = (description: string) => Type.String({ pattern: ORIGIN_PATTERN, maxLength: 200, description });

export const EmbedTokenView = Type.Object({
  id: Id(),
  name: Type.String(),
  study_id: Id(),
  report_types: Nullable(Type.Array(Type.String())),
  stim_ids: Nullable(Type.Array(Type.Integer())),
  origins: Type.Array(Type.String()),
  created_at: Type.String({ description: 'ISO 8601' }),
  expires_at: Type.String({ description: 'ISO 8601' }),
  revoked_at: Nullable(Type.String({ description: 'ISO 8601' })),
  status: Type.Unsafe<'active' | 'expired' | 'revoked'>({ type: 'string', enum: ['active', 'expired', 'revoked'] }),
  created_by: Type.String({ description: "Creator's name" }),
});
export type EmbedTokenView = Static<typeof EmbedTokenView>;

export const CreateEmbedTokenBody = Type.Object({
  name: Text(EMBED_NAME_MAX, { minLength: 1, description: 'What the token is for (shown in the list)' }),
  report_types: Type.Optional(Nullable(Type.Array(Type.Unsafe<EmbedReportType>({ type: 'string', enum: [...EMBED_REPORT_TYPES] }), { minItems: 1, maxItems: EMBED_REPORT_TYPES.length, uniqueItems: true, description: 'Report types it opens; left out or null: every report type' }))),
  stim_ids: Type.Optional(Nullable(Type.Array(Id(), { minItems: 1, maxItems: 100, uniqueItems: true, description: "Stims of the study whose reports it opens; left out or null: every stim" }))),
  origins: Type.Array(Origin('A page origin that may use it: one of the company\'s allowed origins'), { maxItems: EMBED_MAX_ORIGINS, uniqueItems: true }),
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: EMBED_MAX_DAYS, default: EMBED_DEFAULT_DAYS })),
});
export type CreateEmbedTokenBody = Static<typeof CreateEmbedTokenBody>;
export const CreateEmbedTokenResponse = Type.Object({
  success: Type.Literal(true),
  token: Type.String({ description: 'The token (gze_…): shown this once, only its hash is stored' }),
  embed: EmbedTokenView,
});
export type CreateEmbedTokenResponse = Static<typeof CreateEmbedTokenResponse>;
export const EmbedTokenList = Type.Object({ success: Type.Literal(true), data: Type.Array(EmbedTokenView) });
export type EmbedTokenList = Static<typeof EmbedTokenList>;
export const EmbedTokenParams = Type.Object({ tokenId: IdParam({ description: 'Embed token id' }) });

export const AllowedOriginView = Type.Object({ id: Id(), origin: Type.String(), created_at: Type.String({ description: 'ISO 8601' }) });
export type AllowedOriginView = Static<typeof AllowedOriginView>;
export const AllowedOriginList = Type.Object({ success: Type.Literal(true), data: Type.Array(AllowedOriginView) });
export type AllowedOriginList = Static<typeof AllowedOriginList>;
export const AddOriginBody = Type.Object({ origin: Origin('https://intranet.example.com') });
export type AddOriginBody = Static<typeof AddOriginBody>;
export const OriginParams = Type.Object({ originId: IdParam({ description: 'Allowed origin id' }) });
const Done = Type.Object({ success: Type.Literal(true) });

export const listEmbedTokens = defineOperation({
  tags: [TAG], access: 'read', roles: STUDY_ROLES, method: 'GET', operationId: 'listEmbedTokens', path: '/v1.0/studies/:id/embed-tokens',
  params: StudyParams, errors: [404],
  summary: "The study's embed tokens made in the Share / Embed dialog, newest first (active, expired and revoked)",
  response: { 200: EmbedTokenList },
});
export const createEmbedToken = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'POST', operationId: 'createEmbedToken', path: '/v1.0/studies/:id/embed-tokens',
  params: StudyParams, body: CreateEmbedTokenBody, errors: [404],
  summary: 'Creates a read-only embed token for the study (optionally some stims and report types), bound to origins',
  description: 'Stims must be the study\'s and origins the company\'s allowed origins (400 otherwise). The token is answered once.',
  response: { 200: CreateEmbedTokenResponse },
});
export const revokeEmbedToken = defineOperation({
  tags: [TAG], access: 'write', roles: STUDY_ROLES, method: 'POST', operationId: 'revokeEmbedToken', path: '/v1.0/embed-tokens/:tokenId/revoke',
  params: EmbedTokenParams, errors: [404],
  summary: 'Revokes an embed token of the company: it opens nothing from now on',
  response: { 200: Done },
});
export const listAllowedOrigins = defineOperation({
  tags: [TAG], access: 'read', roles: SIGNED_IN, method: 'GET', operationId: 'listAllowedOrigins', path: '/v1.0/company/allowed-origins',
  summary: "The acting company's allowed origins: pages that may call the API (CORS) and carry its embed tokens",
  response: { 200: AllowedOriginList },
});
export const addAllowedOrigin = defineOperation({
  tags: [TAG], access: 'write', roles: COMPANY_ADMIN_ROLES, method: 'POST', operationId: 'addAllowedOrigin', path: '/v1.0/company/allowed-origins',
  body: AddOriginBody, errors: [409],
  summary: 'Adds an allowed origin to the acting company (exact scheme://host[:port]); company administrators and super users',
  response: { 200: Type.Object({ success: Type.Literal(true), origin: AllowedOriginView }) },
});
export const removeAllowedOrigin = defineOperation({
  tags: [TAG], access: 'write', roles: COMPANY_ADMIN_ROLES, method: 'DELETE', operationId: 'removeAllowedOrigin', path: '/v1.0/company/allowed-origins/:originId',
  params: OriginParams, errors: [404],
  summary: "Removes an allowed origin: browsers on it get no CORS answer, and the company's embed tokens stop working there; company administrators and super users",
  response: { 200: Done },
});

export const operations = { listEmbedTokens, createEmbedToken, revokeEmbedToken, listAllowedOrigins, addAllowedOrigin, removeAllowedOrigin };
