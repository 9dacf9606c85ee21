// One study as a place to work in (spec D2 §7.2): details, edit, overview, panels, links, files,
// complete, subscribe, run-throughs. Wire types come from the contract (contract/study.ts).
import type {
  AudienceOverview, FilesResponse, LinksResponse, PanelBody, PanelResponse, RunThroughsResponse, StudyDetails,
  StudyEditBody, StudyOverview, LaunchBody, LifecycleResponse,
} from '../../../contract/study';
import { request, type ApiConfig } from './client';

export type {
  AudienceOverview, CellLink, FilesResponse, LinkSet, LinksResponse, Panel, PanelBody, PanelLinks, RunThrough,
  StudyActionView, StudyDetails, StudyEditBody, StudyFile, StudyOverview, TimelineEvent, LaunchCheck, LaunchBody, LifecycleResponse,
} from '../../../contract/study';
export type { QualityField } from '../../../contract/study';
export { PANEL_FIELDS, PANEL_MESSAGES, PANEL_REDIRECT_FIELDS, PANEL_URL_MESSAGE, isRedirectUrl, DETAILS_MESSAGES, PHASES, STUDY_NAME_MAX, SHORT_TEXT_MAX, COMPLETE_FROM_PHASE, QUALITY_LIMITS, qualityRangeMessage, MIN_DWELL_ABOVE_MAX_MESSAGE } from '../../../contract/values/study';

const post = <T>(api: ApiConfig, url: string, data: unknown = {}) => request<T>(api, { method: 'POST', url, data });
const base = (studyId: number) => `/studies/${studyId}`;

export const fetchStudyOverview = (api: ApiConfig, studyId: number) => post<StudyOverview>(api, `${base(studyId)}/overview`);
export const fetchStudyDetails = (api: ApiConfig, studyId: number) => post<StudyDetails>(api, `${base(studyId)}/details`);
export const editStudyDetails = (api: ApiConfig, studyId: number, body: StudyEditBody) => post<StudyDetails>(api, `${base(studyId)}/edit`, body);
export const fetchAudience = (api: ApiConfig, studyId: number) => post<AudienceOverview>(api, `${base(studyId)}/audience/overview`);
export const createPanel = (api: ApiConfig, studyId: number, body: PanelBody) => post<PanelResponse>(api, `${base(studyId)}/audience/create`, body);
export const editPanel = (api: ApiConfig, studyId: number, panelId: number, body: PanelBody) =>
  post<PanelResponse>(api, `${base(studyId)}/audience/${panelId}/edit`, body);
export const deletePanel = (api: ApiConfig, studyId: number, panelId: number) => post<{ success: true }>(api, `${base(studyId)}/audience/${panelId}/delete`);
export const fetchStudyLinks = (api: ApiConfig, studyId: number) => post<LinksResponse>(api, `${base(studyId)}/links`);
export const fetchStudyFiles = (api: ApiConfig, studyId: number) => post<FilesResponse>(api, `${base(studyId)}/files`);
export const completeStudy = (api: ApiConfig, studyId: number) => post<{ success: true }>(api, `${base(studyId)}/complete`);
export const launchStudy = (api: ApiConfig, studyId: number, body: LaunchBody = {}) => post<LifecycleResponse>(api, `${base(studyId)}/launch`, body);
export const pauseStudy = (api: ApiConfig, studyId: number) => post<LifecycleResponse>(api, `${base(studyId)}/pause`);
export const resumeStudy = (api: ApiConfig, studyId: number) => post<LifecycleResponse>(api, `${base(studyId)}/resume`);
export const subscribeToStudy = (api: ApiConfig, studyId: number) => post<{ success: true; email: string }>(api, `${base(studyId)}/assign_to_action`);
export const orderRunThrough = (api: ApiConfig, studyId: number) => post<{ success: true }>(api, `${base(studyId)}/order_study_runthrough`);
export const fetchRunThroughs = (api: ApiConfig, studyId: number) => post<RunThroughsResponse>(api, `${base(studyId)}/studyrunthroughs`);
