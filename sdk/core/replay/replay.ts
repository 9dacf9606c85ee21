// Gaze replay reads as keyed resources (contract/replay.ts): the respondent list of a placed stim
// (keyed by the report's filters and the search) and one respondent's replay (keyed by stim and
// participant), so switching respondents back and forth shows a loaded replay at once.
import { fetchReplay, fetchReplayRespondents, type ReplayResponse, type RespondentsBody, type RespondentsResponse } from '../api/replay';
import type { DemographicFilters } from '../api/demographics';
import { createResource } from '../resource/resource';
import { placeOf, reportFilterBody } from '../reports/reports';
import { parseStimKey, type StimKey } from '../reports/keys';
import { FILTER_FIELDS } from '../demographics/demographics';

export const REPLAY_ERROR = 'The replay could not be loaded';

export interface RespondentsParams {
  stim: StimKey;
  filters?: Partial<DemographicFilters>;
  search?: string;
}

export const replayRespondents = createResource<RespondentsParams, RespondentsResponse>({
  name: 'replay/respondents',
  fetch: (api, p) => {
    const body: RespondentsBody = {};
    if (p.filters && Object.values(p.filters).some((v) => v?.length)) body.filters = p.filters;
    if (p.search?.trim()) body.search = p.search.trim();
    return fetchReplayRespondents(api, placeOf(p.stim), body);
  },
});

export const replayData = createResource<{ stim: StimKey; participant: number }, ReplayResponse>({
  name: 'replay/respondent',
  fetch: (api, p) => fetchReplay(api, placeOf(p.stim), p.participant),
});

const FILTER_KEYS = Object.values(FILTER_FIELDS);

/**
 * The element's `filters` attribute: the report's demographic filters as JSON
 * (`{"age_group_ids":[1,2]}`); unknown keys and anything that is not a positive integer id are
 * dropped, and an unreadable value means no filter.
 */
export function parseReplayFilters(value: string | null | undefined): Partial<DemographicFilters> {
  if (!value?.trim()) return {};
  let raw: unknown;
  try { raw = JSON.parse(value); } catch { return {}; }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Partial<DemographicFilters> = {};
  const src = raw as Record<string, unknown>;
  for (const k of FILTER_KEYS) {
    const v = src[k] ?? (k === 'genders_group_ids' ? src.gender_group_ids : undefined);
    if (!Array.isArray(v)) continue;
    const ids = [...new Set(v.filter((n): n is number => Number.isInteger(n) && n > 0 && n <= 2147483647))].sort((a, b) => a - b);
    if (ids.length) out[k] = ids;
  }
  return out;
}

/** The dashboard's replay page of a placed stim (the KPI and feature reports link to it). */
export function replayPath(stim: StimKey, participant?: number, filters?: Partial<DemographicFilters>): string {
  const studyId = parseStimKey(stim)?.studyId;
  // The report's filters ride along, so the replay lists the respondents the report counted.
  const f = reportFilterBody(filters).filters;
  return `/my_studies/overview/${studyId}/replay?stim=${stim}${participant ? `&participant=${participant}` : ''}${f ? `&filters=${encodeURIComponent(JSON.stringify(f))}` : ''}`;
}
