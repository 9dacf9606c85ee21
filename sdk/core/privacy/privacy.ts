// Respondents' privacy (issue 41) as keyed resources and writes: a respondent's sessions found by
// panel reference (key: scope and reference), the JSON export and the erasure, and the company's
// retention periods. An erasure refetches nothing: the respondent is gone, and the element says so.
import { put } from 'redux-saga/effects';
import * as api from '../api/privacy';
import { errorFields, errorMessage } from '../api/client';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';

export interface RespondentQuery { scope: api.RespondentScope; reference: string }

const fieldsOrMessage = (e: unknown) => Object.values(errorFields(e)).join(' ') || errorMessage(e);

export const respondentMatches = createResource<RespondentQuery, api.FindResponse['data']>({
  name: 'privacy/find',
  fetch: async (a, q) => (await api.findRespondent(a, q.scope, q.reference)).data,
  errorText: fieldsOrMessage,
});

export const exportRespondent = createMutation<RespondentQuery, api.ExportResponse>({
  name: 'privacy/export',
  run: (a, q) => api.exportRespondent(a, q.scope, q.reference),
  errorText: fieldsOrMessage,
});

export const eraseRespondent = createMutation<RespondentQuery, api.EraseResponse>({
  name: 'privacy/erase',
  run: (a, q) => api.eraseRespondent(a, q.scope, q.reference),
  errorText: fieldsOrMessage,
});

export const retention = createResource<void, api.RetentionResponse>({
  name: 'privacy/retention',
  fetch: (a) => api.fetchRetention(a),
});

export const saveRetention = createMutation<api.RetentionSettings, api.RetentionResponse>({
  name: 'privacy/save-retention',
  run: (a, body) => api.saveRetention(a, body),
  errorText: fieldsOrMessage,
  *onDone({ api: a }) {
    yield put(retention.actions.fetch({ api: a, params: undefined, force: true }));
  },
});

/** The export's file name: the reference made safe for a file system. */
export const exportFileName = (reference: string) => `respondent-${reference.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'export'}.json`;
