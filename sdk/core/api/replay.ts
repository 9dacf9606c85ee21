// Gaze replay (contract/replay.ts): a placed stim's respondents and one respondent's gaze. Every
// function takes the calling element's config first; bodies and answers are the contract's types.
import type { ReplayResponse, RespondentsBody, RespondentsResponse } from '../../../contract/replay';
import { request, type ApiConfig } from './client';
import type { StimPlace } from './reports';

export type {
  ReplayData, ReplayFixation, ReplayInterval, ReplayRespondent, ReplayResponse, ReplayStim, RespondentsBody, RespondentsResponse,
} from '../../../contract/replay';

const replayPath = (p: StimPlace) => `/studies/${p.studyId}/cell/${p.cellId}/step/${p.stepId}/stimuli/${p.stimId}/replay`;

export const fetchReplayRespondents = (api: ApiConfig, place: StimPlace, body: RespondentsBody) =>
  request<RespondentsResponse>(api, { method: 'POST', url: replayPath(place), data: body });

export const fetchReplay = (api: ApiConfig, place: StimPlace, participantId: number) =>
  request<ReplayResponse>(api, { method: 'GET', url: `${replayPath(place)}/${participantId}` });
