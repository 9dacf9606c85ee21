// My Reports, My Downloads and My Validations as keyed resources and writes (issue 19).
import { put } from 'redux-saga/effects';
import * as api from '../api/my-reports';
import { orderRunThrough as orderRunThroughCall } from '../api/study';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';

/** Key: the study id, or 0 for every row of the acting company. */
export const reportDetails = createResource<number, api.ReportDetailsResponse>({
  name: 'my-reports/details',
  fetch: (a, studyId) => api.fetchReportDetails(a, studyId || undefined),
});

/** A fresh signed URL per panel shown (each answer carries a new embed token). */
export const reportUrl = createResource<{ panelUrl: string; studyId: number }, api.ReportUrlResponse>({
  name: 'my-reports/url',
  fetch: (a, q) => api.fetchReportUrl(a, q.panelUrl, q.studyId || undefined),
});

export const savePanel = createMutation<{ studyId: number; body: api.SavePanelBody }, api.ReportPanelView>({
  name: 'my-reports/save',
  run: async (a, { studyId, body }) => (await api.saveReportPanel(a, studyId, body)).panel,
  *onDone({ api: a, args }) {
    yield put(reportDetails.actions.fetch({ api: a, params: args.studyId, force: true }));
    yield put(reportDetails.actions.fetch({ api: a, params: 0, force: true }));
  },
});

export const downloadList = createResource<{ page: number; size: number }, api.DownloadListResponse>({
  name: 'downloads/list',
  fetch: api.fetchDownloads,
});

export const exportParticipants = createMutation<number, api.DownloadView>({
  name: 'downloads/export',
  run: async (a, studyId) => (await api.exportParticipants(a, studyId)).download,
});

export const validationList = createResource<api.ValidationQuery, api.ValidationListResponse>({
  name: 'validations/list',
  fetch: api.fetchValidations,
});

export const orderRunThrough = createMutation<number, void>({
  name: 'validations/order',
  run: async (a, studyId) => { await orderRunThroughCall(a, studyId); },
});
