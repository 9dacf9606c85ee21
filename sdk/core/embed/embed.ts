// Embed tokens and allowed origins as keyed resources and writes (issue 20): the Share / Embed
// dialog reads the study's tokens and the company's origins, and refetches them after each write.
import { put } from 'redux-saga/effects';
import * as api from '../api/embed';
import { errorFields, errorMessage } from '../api/client';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';

/** A 400's field messages joined (what the dialog shows under the form), else the server's message. */
const fieldsOrMessage = (e: unknown) => Object.values(errorFields(e)).join(' ') || errorMessage(e);

/** Key: the study id. */
export const embedTokens = createResource<number, api.EmbedTokenView[]>({
  name: 'embed/tokens',
  fetch: async (a, studyId) => (await api.fetchEmbedTokens(a, studyId)).data,
});

export const allowedOrigins = createResource<void, api.AllowedOriginView[]>({
  name: 'embed/origins',
  fetch: async (a) => (await api.fetchAllowedOrigins(a)).data,
});

export const createEmbed = createMutation<{ studyId: number; body: api.CreateEmbedTokenBody }, api.CreateEmbedTokenResponse>({
  name: 'embed/create',
  run: (a, { studyId, body }) => api.createEmbedToken(a, studyId, body),
  errorText: fieldsOrMessage,
  *onDone({ api: a, args }) {
    yield put(embedTokens.actions.fetch({ api: a, params: args.studyId, force: true }));
  },
});

export const revokeEmbed = createMutation<{ studyId: number; tokenId: number }, void>({
  name: 'embed/revoke',
  run: async (a, { tokenId }) => { await api.revokeEmbedToken(a, tokenId); },
  *onDone({ api: a, args }) {
    yield put(embedTokens.actions.fetch({ api: a, params: args.studyId, force: true }));
  },
});

export const addOrigin = createMutation<string, api.AllowedOriginView>({
  name: 'embed/add-origin',
  run: async (a, origin) => (await api.addAllowedOrigin(a, { origin })).origin,
  errorText: fieldsOrMessage,
  *onDone({ api: a }) {
    yield put(allowedOrigins.actions.fetch({ api: a, params: undefined, force: true }));
  },
});

export const removeOrigin = createMutation<number, void>({
  name: 'embed/remove-origin',
  run: async (a, id) => { await api.removeAllowedOrigin(a, id); },
  *onDone({ api: a }) {
    yield put(allowedOrigins.actions.fetch({ api: a, params: undefined, force: true }));
  },
});

/** The element each report type embeds as (the same map as the dashboard's /embed/report page). */
export const REPORT_TAGS: Record<api.EmbedReportType, `gaze-${string}`> = {
  compare: 'gaze-attention-report',
  kpi: 'gaze-kpi-report',
  feature: 'gaze-feature-report',
  demographics: 'gaze-demographics',
  questionAnswers: 'gaze-question-report',
};

export const REPORT_TYPE_LABELS: Record<api.EmbedReportType, string> = {
  compare: 'Attention (compare) report',
  kpi: 'KPI report',
  feature: 'Feature report',
  demographics: 'Demographics report',
  questionAnswers: 'Question report',
};

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What an embedder pastes: one script tag (the self-registering SDK from our server) and the
 * report element with its attributes and the token.
 */
export function embedSnippet(o: { apiBase: string; reportType: api.EmbedReportType; studyId: number; stims?: string; token: string }): string {
  const base = new URL(o.apiBase.replace(/\/+$/, '') + '/', globalThis.location?.href ?? 'http://localhost/');
  const sdk = new URL('/sdk/gazeboard.js', base).href;
  const attrs: [string, string][] = [['api-base', base.href.replace(/\/$/, '')], ['study-id', String(o.studyId)]];
  if (o.stims) attrs.push(['stims', o.stims]);
  attrs.push(['token', o.token]);
  const tag = REPORT_TAGS[o.reportType];
  return `<script type="module" src="${escapeAttr(sdk)}"></script>\n<${tag} ${attrs.map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}></${tag}>`;
}
