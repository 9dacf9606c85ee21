// A study's overview, details, panels, links and files as keyed resources (key: the study id),
// and the writes on them. A write refetches what it changes: a panel change refreshes the panels,
// the links and the overview (D2-045); a launch, pause, resume, completion, subscription or
// run-through the overview.
import { put } from 'redux-saga/effects';
import { errorFields, errorMessage, type ApiConfig } from '../api/client';
import * as api from '../api/study';
import { createResource } from '../resource/resource';
import { createMutation } from '../resource/mutation';

export const studyOverview = createResource<number, api.StudyOverview>({ name: 'study/overview', fetch: api.fetchStudyOverview });
export const studyDetails = createResource<number, api.StudyDetails>({ name: 'study/details', fetch: api.fetchStudyDetails });
export const studyAudience = createResource<number, api.AudienceOverview>({ name: 'study/audience', fetch: api.fetchAudience });
export const studyLinks = createResource<number, api.LinksResponse>({ name: 'study/links', fetch: api.fetchStudyLinks });
export const studyFiles = createResource<number, api.FilesResponse>({ name: 'study/files', fetch: api.fetchStudyFiles });

const force = (a: ApiConfig, studyId: number) => ({ api: a, params: studyId, force: true });
function* afterPanel(a: ApiConfig, studyId: number) {
  yield put(studyAudience.actions.fetch(force(a, studyId)));
  yield put(studyLinks.actions.fetch(force(a, studyId)));
  yield put(studyOverview.actions.fetch(force(a, studyId)));
}
function* afterStudy(a: ApiConfig, studyId: number) {
  yield put(studyOverview.actions.fetch(force(a, studyId)));
}

export interface PanelWrite { studyId: number; panelId?: number; body: api.PanelBody }

/** Create (no panelId) or edit a panel. */
export const savePanel = createMutation<PanelWrite, api.Panel>({
  name: 'study/panel-save',
  run: async (a, { studyId, panelId, body }) =>
    (panelId ? await api.editPanel(a, studyId, panelId, body) : await api.createPanel(a, studyId, body)).panel,
  *onDone({ api: a, args }) { yield* afterPanel(a, args.studyId); },
});

export const removePanel = createMutation<{ studyId: number; panelId: number }, void>({
  name: 'study/panel-delete',
  run: async (a, { studyId, panelId }) => { await api.deletePanel(a, studyId, panelId); },
  *onDone({ api: a, args }) { yield* afterPanel(a, args.studyId); },
});

export const saveDetails = createMutation<{ studyId: number; body: api.StudyEditBody }, api.StudyDetails>({
  name: 'study/details-save',
  run: (a, { studyId, body }) => api.editStudyDetails(a, studyId, body),
  // The form shows one message: a 400 names each refused field and why (never 'Validation failed' alone).
  errorText: (e) => {
    const fields = Object.entries(errorFields(e)).map(([f, m]) => `${f}: ${m}`);
    return fields.length ? `${errorMessage(e)} (${fields.join('; ')})` : errorMessage(e);
  },
  *onDone({ api: a, args, result }) {
    yield put(studyDetails.actions.patch({ api: a, params: args.studyId, data: result }));
    yield* afterStudy(a, args.studyId);
  },
});

export const completeStudy = createMutation<number, void>({
  name: 'study/complete',
  run: async (a, studyId) => { await api.completeStudy(a, studyId); },
  *onDone({ api: a, args }) { yield* afterStudy(a, args); },
});

/** A refusal with its reasons: a launch names each unmet check under errors. */
const withFields = (error: unknown) => {
  const fields = Object.values(errorFields(error));
  const message = errorMessage(error);
  return fields.length ? `${message}: ${fields.join('; ')}` : message;
};

/** Launch (override: a super user launches although checks are unmet). */
export const launchStudy = createMutation<{ studyId: number; override?: boolean }, void>({
  name: 'study/launch',
  run: async (a, { studyId, override }) => { await api.launchStudy(a, studyId, override ? { override: true } : {}); },
  errorText: withFields,
  *onDone({ api: a, args }) { yield* afterStudy(a, args.studyId); },
});

export const pauseStudy = createMutation<number, void>({
  name: 'study/pause',
  run: async (a, studyId) => { await api.pauseStudy(a, studyId); },
  *onDone({ api: a, args }) { yield* afterStudy(a, args); },
});

export const resumeStudy = createMutation<number, void>({
  name: 'study/resume',
  run: async (a, studyId) => { await api.resumeStudy(a, studyId); },
  *onDone({ api: a, args }) { yield* afterStudy(a, args); },
});

export const subscribe = createMutation<number, { email: string }>({
  name: 'study/subscribe',
  run: (a, studyId) => api.subscribeToStudy(a, studyId),
  *onDone({ api: a, args }) { yield* afterStudy(a, args); },
});

export const orderRunThrough = createMutation<number, void>({
  name: 'study/run-through',
  run: async (a, studyId) => { await api.orderRunThrough(a, studyId); },
  *onDone({ api: a, args }) { yield* afterStudy(a, args); },
});
