// Respondents' privacy (issue 41): data-subject requests for one study or the whole company, and
// the company's retention periods. Wire types from contract/privacy.ts.
import type {
  EraseResponse, ExportResponse, FindResponse, RetentionResponse, RetentionSettings,
} from '../../../contract/privacy';
import { request, type ApiConfig } from './client';

export type { EraseResponse, ExportResponse, FindResponse, RespondentMatch, RetentionResponse, RetentionSettings } from '../../../contract/privacy';
export { PRIVACY_MESSAGES, REFERENCE_MAX, RETENTION_MAX_DAYS } from '../../../contract/values/privacy';

/** null: every study of the acting company (company administrators). */
export type RespondentScope = number | null;

const base = (scope: RespondentScope) => (scope === null ? '/company/respondents' : `/studies/${scope}/respondents`);

export const findRespondent = (api: ApiConfig, scope: RespondentScope, reference: string) =>
  request<FindResponse>(api, { method: 'POST', url: `${base(scope)}/find`, data: { reference } });
export const exportRespondent = (api: ApiConfig, scope: RespondentScope, reference: string) =>
  request<ExportResponse>(api, { method: 'POST', url: `${base(scope)}/export`, data: { reference } });
export const eraseRespondent = (api: ApiConfig, scope: RespondentScope, reference: string) =>
  request<EraseResponse>(api, { method: 'POST', url: `${base(scope)}/erase`, data: { reference, confirm: 'ERASE' } });

export const fetchRetention = (api: ApiConfig) => request<RetentionResponse>(api, { url: '/company/retention' });
export const saveRetention = (api: ApiConfig, body: RetentionSettings) =>
  request<RetentionResponse>(api, { method: 'PUT', url: '/company/retention', data: body });
