// Study creation (server/routes/study-create; spec document 3 §2.1–2.9, §3, §4, §5, §7, §9;
// checklist resolution 24): POST /v1.0/studies/create builds a whole study — cells, steps,
// cache-page orders, stims, panel, surveys — in one transaction. The wizard's values arrive as the
// spec's form objects (environment_id {code, description}, brand_id {name}, …) or as plain ids and
// codes. The rules of §5 are enforced by the server with the form's messages word for word (the
// SDK's yup schemas in sdk/features/wizard-schemas apply the same rules before the call).
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, STUDY_ROLES, Text } from './common.js';
import { STUDY_KINDS, CREATE_LIMITS, CREATE_DATE_FORMAT, SOCIAL_AD_TYPES, CALL_TO_ACTIONS, CALL_TO_ACTION_DEFAULT, SOCIAL_CTA_FIELDS, SOCIAL_TEXT_FIELDS } from './values/study-create.js';
export * from './values/study-create.js';

declare module './common.js' {
  interface AreaTags { 'study-create': true }
}
const TAG = areaTag('study-create');

// ---- body ------------------------------------------------------------------------------------------

const Str = (max: number, description?: string) => Text(max, description ? { description } : {});
const OptStr = (max: number, description?: string) => Type.Optional(Type.Union([Str(max, description), Type.Null()]));
/** A choice list value: the form object ({code, description} / {id, name} / {name}) or a plain id or code. */
export const RefValue = Type.Union([
  Type.Integer({ minimum: 0, maximum: 2147483647 }),
  Str(200),
  Type.Object({
    id: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2147483647 }), Str(20), Type.Null()])),
    code: Type.Optional(Type.Union([Str(50), Type.Integer({ minimum: 0, maximum: 2147483647 }), Type.Null()])),
    name: Type.Optional(Type.Union([Str(200), Type.Null()])),
    description: Type.Optional(Type.Union([Str(200), Type.Null()])),
    group_name: Type.Optional(Type.Union([Str(200), Type.Null()])),
  }),
  Type.Null(),
], { description: 'A form object ({code, description}, {id, name}, {name}) or a plain id / code / name' });
export type RefValue = Static<typeof RefValue>;
const OptRef = Type.Optional(RefValue);
const Choice = Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2'), Type.Integer({ minimum: 0, maximum: 2 }), Type.Null()]));
const Num = (min: number, max: number) => Type.Optional(Type.Union([Type.Number({ minimum: min, maximum: max }), Str(12), Type.Null()]));

export const StimRow = Type.Object({
  stim_url: OptStr(600),
  brand_id: OptRef,
  ad_type_id: OptRef,
});
export const CachePageRow = Type.Object({
  cachepage_url: OptStr(600),
  stim_list: Type.Optional(Type.Array(StimRow, { maxItems: 50 })),
});

export const QuickStep = Type.Object({
  type: Type.Optional(Type.Literal('external')),
  url: OptStr(600),
  insert_parameter: OptStr(60),
});
export const QuickTaskData = Type.Object({
  panelist_role_id: OptRef,
  panel_id: OptRef,
  short_description: OptStr(600),
  reward: Num(0, 1e9),
  start_date: OptStr(40),
  expiry_date: OptStr(40),
});
export const EmbeddedPage = Type.Object({
  cell_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  url: OptStr(600),
});

const CtaValue = Type.Optional(Type.Union([...CALL_TO_ACTIONS.map((c) => Type.Literal(c)), Type.Literal(''), Type.Null()], {
  description: `One of ${CALL_TO_ACTIONS.map((c) => `'${c}'`).join(', ')} (default '${CALL_TO_ACTION_DEFAULT}')`,
}));
const SocialBody = {
  ad_type: Type.Optional(Type.Union([
    ...SOCIAL_AD_TYPES.map((t) => Type.Literal(t)), Type.Literal('feed'), RefValue,
  ], { description: "Social: 'standard' (feed), 'story' or 'watch' (Facebook), as a code or {code, description}; required ('Required, please choose an ad')" })),
  is_new_social_system: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'Social: Facebook / Instagram run on the new system (sites rfb / rin; no Facebook watch)' })),
  has_sound: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'Social: kept only when the ad URL ends in mp4' })),
  promoted: Type.Optional(Type.Union([Type.Boolean(), Type.Null()], { description: 'Social (Facebook, Instagram): promoted options; default true' })),
  sc_promo_rating: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 5 }), Str(12), Type.Null()], { description: 'Snapchat rating, a number 0–5 (default 0)' })),
  pn_type: Type.Optional(Type.Union([Type.Literal('s'), Type.Literal('m'), Type.Literal(''), Type.Null()], { description: "Pinterest: 's' Standard, 'm' Full width" })),
  ...Object.fromEntries(SOCIAL_CTA_FIELDS.map((f) => [f, CtaValue])) as Record<(typeof SOCIAL_CTA_FIELDS)[number], typeof CtaValue>,
  ...Object.fromEntries(SOCIAL_TEXT_FIELDS.map((f) => [f, OptStr(600)])) as Record<(typeof SOCIAL_TEXT_FIELDS)[number], ReturnType<typeof OptStr>>,
};

export const CreateStudyBody = Type.Object({
  study_kind: Type.Optional(Type.Union(STUDY_KINDS.map((k) => Type.Literal(k)), {
    description: 'Which wizard sent it; left out: derived from study_type_id (and incontext_site yt → video)',
  })),
  name: OptStr(300),
  environment_id: OptRef,
  language: OptRef,
  language_id: OptRef,
  project_location: OptRef,
  project_location_id: OptRef,
  number_of_cells: Num(0, 1000),
  panel_size: Num(0, 1e6),
  respondents: OptRef,
  media_id: OptRef,
  study_type_id: OptRef,
  demographic_survey_or_lumen_questions: Choice,
  demographic_survey_url: OptStr(600),
  demographic_survey_insert_parameter: OptStr(60),
  pre_assign_question_group: OptRef,
  include_external_survey: Choice,
  external_survey_step_url: OptStr(600),
  external_survey_step_insert_parameter: OptStr(60),
  include_panel_details: Choice,
  panel_code: OptStr(60),
  panel_success: OptStr(600),
  panel_screen: OptStr(600),
  panel_quotafull: OptStr(600),
  panel_insert_param: OptStr(60),
  panel_seconds_before_move_next: Num(-1, 100000),
  cachepage_stim_list: Type.Optional(Type.Array(CachePageRow, { maxItems: 50 })),
  brand_id: OptRef,
  stim_url: OptStr(600),
  incontext_site: OptRef,
  incontext_primary_site: OptStr(600),
  incontext_distraction_site: OptStr(600),
  stim_script: OptStr(3100),
  external_step_name: OptStr(800),
  ...SocialBody,
  quick_step_list: Type.Optional(Type.Array(QuickStep, { maxItems: 50 })),
  quick_task_data: Type.Optional(QuickTaskData),
  embedded_page_list: Type.Optional(Type.Array(EmbeddedPage, { maxItems: 50 })),
  notes: OptStr(CREATE_LIMITS.advancedText),
  objective: OptStr(CREATE_LIMITS.advancedText),
  brief: OptStr(CREATE_LIMITS.advancedText),
  methodology: OptStr(CREATE_LIMITS.advancedText),
  study_duration: OptStr(CREATE_LIMITS.advancedText),
  decision_to_inform: OptStr(CREATE_LIMITS.advancedText),
  incentive: OptStr(CREATE_LIMITS.advancedText),
  proposal_signoff_date: OptStr(40, CREATE_DATE_FORMAT),
  proposed_data_collection_start: OptStr(40, CREATE_DATE_FORMAT),
  proposed_data_collection_end: OptStr(40, CREATE_DATE_FORMAT),
  debrief_date: OptStr(40, CREATE_DATE_FORMAT),
}, { description: 'The wizard form values (spec document 3 §3)' });
export type CreateStudyBody = Static<typeof CreateStudyBody>;

export const IncontextUrl = Type.Object({
  step_url: Type.String(),
  cell_name: Type.Optional(Type.String({ description: 'Set when each cell shows its own page (embedded study): the cell whose respondents see it' })),
});
export const CreateStudyResponse = Type.Object({
  success: Type.Literal(true),
  study_id: Id(),
  study_type_id: Id({ description: 'Where the wizard goes next: 4, 5, 7, 8, 10 the order confirmation, others the board' }),
  start_url: Type.String({ description: 'Live take-study link (signed)' }),
  start_url_test: Type.String({ description: 'Testing take-study link (signed)' }),
  incontext_urls: Type.Array(IncontextUrl, { description: 'The pages respondents see, in order (first cell; every cell\'s own page, with cell_name, when cells differ)' }),
  cache_page_ids: Type.Array(Id(), { description: 'Cache pages ordered (the cache-page job fetches them)' }),
});
export type CreateStudyResponse = Static<typeof CreateStudyResponse>;
export type CreateStudySuccess = Pick<CreateStudyResponse, 'study_id' | 'start_url' | 'start_url_test' | 'incontext_urls'>;

export const createStudy = defineOperation({
  operationId: 'createStudy',
  method: 'POST',
  path: '/v1.0/studies/create',
  tags: [TAG],
  access: 'write',
  roles: STUDY_ROLES,
  summary: 'Creates a study from the wizard values, all of it or nothing',
  description: 'One transaction: the study, its cells, steps, cache-page orders, stims, brands named for the first time, panel and surveys. ' +
    'A field that breaks a rule of spec document 3 §5 answers 400 {success:false, message, errors} with the form\'s message; nothing is kept. ' +
    'The quick study (4) and Digital Rich Media (7) are for super users only: others get 403. ' +
    'The custom study (generic) may not choose a type another wizard sets up (4, 5, 7, 8, 10): 400 on study_type_id. ' +
    'A product question set (demographic_survey_or_lumen_questions \'2\') becomes the first step of every cell, a question step. ' +
    'An ad URL is a video stim when it is a video file or a video host\'s page (isVideoAdUrl: YouTube, Vimeo, …).',
  body: CreateStudyBody,
  response: { 200: CreateStudyResponse },
  errors: [403],
});

export const operations = { createStudy };
