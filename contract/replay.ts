// Gaze replay (server/routes/replay; issue 23 item 2): one respondent's stored fixations and raw
// gaze samples on one placed stim, to be replayed over the stim on the exposure's own clock, and
// the list of the stim's respondents to pick from. Respondent-level data: scoped to the acting
// company like every report (another company's study, or a cell/step/stim not in the study, or a
// participant without an exposure of that stim there, answers 404), and never embed-readable
// (its own tag, not one of the report areas an embed token may read).
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, DemographicFilterProperties, DemographicFilters, Id, IdParam, Int4, Nullable, Ok, STUDY_ROLES, Text } from './common.js';
import { Aoi } from './aoi.js';

declare module './common.js' {
  interface AreaTags { replay: true }
}
const TAG = areaTag('replay');

/** Most respondents one list answers (the rest are reached by searching their reference). */
export const REPLAY_LIST_MAX = 500;
/** Raw samples one replay answers; a longer track is thinned evenly (fixations are never thinned). */
export const REPLAY_SAMPLES_MAX = 20_000;

export const ReplayParams = Type.Object({
  id: IdParam({ description: 'Study id' }),
  cell: IdParam(),
  step: IdParam(),
  stim: IdParam(),
});
export type ReplayParams = Static<typeof ReplayParams>;
export const ReplayRespondentParams = Type.Object({
  id: IdParam({ description: 'Study id' }),
  cell: IdParam(),
  step: IdParam(),
  stim: IdParam(),
  participant: IdParam({ description: 'Participant id (participant_id of the respondent list)' }),
});
export type ReplayRespondentParams = Static<typeof ReplayRespondentParams>;

export const RespondentsBody = Type.Object({
  /** The report's demographic filters (OR within a kind, AND across kinds), grouped or at the top level. */
  filters: Type.Optional(Nullable(DemographicFilters)),
  ...DemographicFilterProperties,
  limit_to_eyetracking: Type.Optional(Type.Boolean({ description: 'Only respondents whose gaze was recorded on this exposure' })),
  search: Type.Optional(Text(100, { description: 'Part of the participant reference (case-insensitive)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REPLAY_LIST_MAX, default: 200 })),
}, { additionalProperties: false });
export type RespondentsBody = Static<typeof RespondentsBody>;

export const ReplayStim = Type.Object({
  stim_id: Id(),
  cell_id: Id(),
  step_id: Id(),
  name: Type.String(),
  stim_type: Type.String({ description: 'Stim type code (s, va, vx, i, v)' }),
  kind: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('markup')]),
  source: Nullable(Type.String({ description: 'Signed URL of the image or video; null for markup stims' })),
  poster: Nullable(Type.String({ description: 'Signed URL of a still of the stim (the low-quality image), or null' })),
  width: Int4({ description: 'The stim pixels every coordinate of the replay is in' }),
  height: Int4(),
  aois: Type.Array(Aoi),
});
export type ReplayStim = Static<typeof ReplayStim>;

export const ReplayRespondent = Type.Object({
  participant_id: Id(),
  reference: Type.String(),
  is_test: Type.Boolean({ description: 'A test-link session: never counted in reports' }),
  status: Type.String(),
  has_eyetracking: Type.Boolean(),
  eyetracked: Type.Boolean({ description: 'Gaze was received for this exposure' }),
  measured: Type.Boolean({ description: "In the report's base E (real, complete, measured, inside the quality thresholds)" }),
  insufficient_gaze: Type.Boolean(),
  viewable: Type.Boolean(),
  viewed: Type.Boolean(),
  fixation_count: Int4(),
  page_dwell_ms: Type.Number(),
});
export type ReplayRespondent = Static<typeof ReplayRespondent>;

/** Issue 41: set once retention removed raw gaze of the study (those respondents replay nothing). */
const rawGazeNotice = { raw_gaze_notice: Type.Optional(Nullable(Type.String({ description: "\"Raw gaze data for this study was removed on dd/mm/yyyy under the company's retention policy\"; null while none was" }))) };

export const RespondentsResponse = Ok({
  ...rawGazeNotice,
  stim: ReplayStim,
  total: Int4({ description: 'Respondents matching the filters and search (data holds at most limit of them)' }),
  data: Type.Array(ReplayRespondent),
});
export type RespondentsResponse = Static<typeof RespondentsResponse>;

export const ReplayInterval = Type.Object({
  start_ms: Type.Number(),
  end_ms: Type.Number(),
  fraction: Type.Number({ description: 'Share of the stim in view' }),
  playing: Type.Optional(Type.Boolean({ description: 'Video stims: false while the video was paused or not started' })),
});
export type ReplayInterval = Static<typeof ReplayInterval>;

export const ReplayFixation = Type.Object({
  start_ms: Type.Number({ description: 'Page clock, ms' }),
  duration_ms: Type.Number(),
  x: Type.Number({ description: 'Stim pixels' }),
  y: Type.Number({ description: 'Stim pixels' }),
});
export type ReplayFixation = Static<typeof ReplayFixation>;

export const ReplaySample = Type.Tuple([Type.Number(), Type.Number(), Type.Number()], { description: '[t_ms, x, y]: page clock, stim pixels' });

export const ReplayData = Type.Object({
  ...ReplayRespondent.properties,
  exposure_id: Id(),
  duration_ms: Type.Number({ description: 'The replay clock runs from 0 to the page dwell time' }),
  first_viewable_ms: Nullable(Type.Number()),
  time_to_first_view_ms: Nullable(Type.Number()),
  stim_rect: Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() }, { description: 'Where the stim sat on the page, page pixels' }),
  viewability: Type.Array(ReplayInterval),
  fixations: Type.Array(ReplayFixation),
  samples: Type.Array(ReplaySample, { maxItems: REPLAY_SAMPLES_MAX }),
  sample_count: Int4({ description: 'Samples stored (samples holds every one, or an even thinning when there are more than the maximum)' }),
});
export type ReplayData = Static<typeof ReplayData>;

export const ReplayResponse = Ok({ stim: ReplayStim, data: ReplayData, ...rawGazeNotice });
export type ReplayResponse = Static<typeof ReplayResponse>;

const base = '/v1.0/studies/:id/cell/:cell/step/:step/stimuli/:stim/replay';

export const respondents = defineOperation({
  operationId: 'listReplayRespondents',
  method: 'POST',
  path: base,
  summary: "A placed stim's respondents to replay (test sessions marked), after the report's demographic filters",
  description: 'Every participant with an exposure of the stim on that step, real ones first; answers the stim (signed source, size, AOIs) too.',
  tags: [TAG], access: 'read', roles: STUDY_ROLES,
  params: ReplayParams,
  body: RespondentsBody,
  optionalBody: true,
  response: { 200: RespondentsResponse },
  errors: [404],
});

export const respondent = defineOperation({
  operationId: 'getReplay',
  method: 'GET',
  path: `${base}/:participant`,
  summary: "One respondent's stored fixations, raw gaze samples and viewable intervals on a placed stim",
  tags: [TAG], access: 'read', roles: STUDY_ROLES,
  params: ReplayRespondentParams,
  response: { 200: ReplayResponse },
  errors: [404],
});

export const operations = { respondents, respondent };
