// Embedding (issue 20): embed tokens of a study and the company's allowed origins. Wire types from
// contract/embed.ts.
import type {
  AddOriginBody, AllowedOriginList, AllowedOriginView, CreateEmbedTokenBody, CreateEmbedTokenResponse, EmbedTokenList,
} from '../../../contract/embed';
import { request, type ApiConfig } from './client';

export type { AllowedOriginView, CreateEmbedTokenBody, CreateEmbedTokenResponse, EmbedTokenView, EmbedReportType } from '../../../contract/embed';
export { EMBED_REPORT_TYPES, EMBED_MESSAGES, EMBED_DEFAULT_DAYS, EMBED_NAME_MAX } from '../../../contract/values/embed';

export const fetchEmbedTokens = (api: ApiConfig, studyId: number) => request<EmbedTokenList>(api, { url: `/studies/${studyId}/embed-tokens` });
export const createEmbedToken = (api: ApiConfig, studyId: number, body: CreateEmbedTokenBody) =>
  request<CreateEmbedTokenResponse>(api, { method: 'POST', url: `/studies/${studyId}/embed-tokens`, data: body });
export const revokeEmbedToken = (api: ApiConfig, tokenId: number) =>
  request<{ success: true }>(api, { method: 'POST', url: `/embed-tokens/${tokenId}/revoke` });

export const fetchAllowedOrigins = (api: ApiConfig) => request<AllowedOriginList>(api, { url: '/company/allowed-origins' });
export const addAllowedOrigin = (api: ApiConfig, body: AddOriginBody) =>
  request<{ success: true; origin: AllowedOriginView }>(api, { method: 'POST', url: '/company/allowed-origins', data: body });
export const removeAllowedOrigin = (api: ApiConfig, originId: number) =>
  request<{ success: true }>(api, { method: 'DELETE', url: `/company/allowed-origins/${originId}` });
