// The wizard's form values (spec D3 §3) and each kind's defaults (§2.3, §2.6, §9).
import {
  blankQuickStep, embeddedPagesFor, quickTaskDefaults, type EmbeddedPageValues, type QuickStepValues, type QuickTaskValues,
} from './quick-values';
import { CALL_TO_ACTION_DEFAULT, SOCIAL_DEFAULT, SOCIAL_PLATFORM_NAMES, type CreateStudyBody, type SocialAdType, type StudyKind } from '../../core/api/study-create';

export interface Choice { code: string; description: string }
export interface StimRowValues { stim_url: string; brand_id: { name: string } | null; ad_type_id: { name: string } | null }
export interface PageRowValues { cachepage_url: string; stim_list: StimRowValues[] }

export interface WizardValues {
  name: string;
  environment_id: Choice | null;
  language: Choice | null;
  project_location: Choice | null;
  number_of_cells: number;
  panel_size: number;
  respondents: { id: 1 | 2; name: 'Cell' | 'Study' };
  media_id: Choice | null;
  study_type_id: Choice | null;
  demographic_survey_or_lumen_questions: '0' | '1' | '2';
  demographic_survey_url: string;
  demographic_survey_insert_parameter: string;
  pre_assign_question_group: { id: number; group_name: string } | null;
  include_external_survey: '0' | '1';
  external_survey_step_url: string;
  external_survey_step_insert_parameter: string;
  include_panel_details: '0' | '1' | '2';
  panel_code: string;
  panel_success: string;
  panel_screen: string;
  panel_quotafull: string;
  panel_insert_param: string;
  panel_seconds_before_move_next: number;
  cachepage_stim_list: PageRowValues[];
  brand_id: { name: string } | null;
  stim_url: string;
  incontext_site: Choice | null;
  incontext_primary_site: string;
  incontext_distraction_site: string;
  stim_script: string;
  /** Social (§3 type-specific fields; VK reuses the fb_ profile fields). */
  ad_type: SocialAdType | '';
  is_new_social_system: boolean;
  has_sound: boolean;
  promoted: boolean;
  fb_channel_name: string; fb_profile_src: string; fb_description: string; fb_promoted_domain: string;
  fb_promoted_description: string; fb_promoted_description2: string; fb_promoted_button_text: string; fb_call_to_action: string;
  in_channel_name: string; in_profile_src: string; in_description: string; in_promoted_button_text: string; in_call_to_action: string;
  sc_channel_name: string; sc_description: string; sc_profile_src: string; sc_cta: string; sc_promo_text: string;
  sc_promo_desc: string; sc_promo_top: string; sc_promo_rating: number;
  pn_type: 's' | 'm' | ''; pn_stim_title: string; pn_profile_src: string; pn_stim_profile: string;
  tt_profile_src: string; tt_profile_name: string; tt_desc: string; tt_song_name: string; tt_promo_text: string;
  /** Quick study (§3): 'External Pages' and 'Lumen Panel Data'. */
  quick_step_list: QuickStepValues[];
  quick_task_data: QuickTaskValues;
  /** Embedded study (§3): one URL per cell, as long as number_of_cells (D3-108). */
  embedded_page_list: EmbeddedPageValues[];
  notes: string; objective: string; brief: string; methodology: string; study_duration: string; decision_to_inform: string; incentive: string;
  proposal_signoff_date: string; proposed_data_collection_start: string; proposed_data_collection_end: string; debrief_date: string;
}

/** The social fields blank with their platform defaults (D3-073, D3-079, D3-085, D3-086, D3-087). */
export const SOCIAL_FIELD_NAMES = [
  'ad_type', 'is_new_social_system', 'has_sound', 'promoted',
  'fb_channel_name', 'fb_profile_src', 'fb_description', 'fb_promoted_domain', 'fb_promoted_description', 'fb_promoted_description2', 'fb_promoted_button_text', 'fb_call_to_action',
  'in_channel_name', 'in_profile_src', 'in_description', 'in_promoted_button_text', 'in_call_to_action',
  'sc_channel_name', 'sc_description', 'sc_profile_src', 'sc_cta', 'sc_promo_text', 'sc_promo_desc', 'sc_promo_top', 'sc_promo_rating',
  'pn_type', 'pn_stim_title', 'pn_profile_src', 'pn_stim_profile',
  'tt_profile_src', 'tt_profile_name', 'tt_desc', 'tt_song_name', 'tt_promo_text',
] as const;
export function socialDefaults(): Pick<WizardValues, (typeof SOCIAL_FIELD_NAMES)[number]> {
  return {
    ad_type: SOCIAL_DEFAULT.adType, is_new_social_system: false, has_sound: false, promoted: true,
    fb_channel_name: '', fb_profile_src: '', fb_description: '', fb_promoted_domain: '', fb_promoted_description: '',
    fb_promoted_description2: '', fb_promoted_button_text: CALL_TO_ACTION_DEFAULT, fb_call_to_action: '',
    in_channel_name: '', in_profile_src: '', in_description: '', in_promoted_button_text: CALL_TO_ACTION_DEFAULT, in_call_to_action: CALL_TO_ACTION_DEFAULT,
    sc_channel_name: '', sc_description: '', sc_profile_src: '', sc_cta: CALL_TO_ACTION_DEFAULT, sc_promo_text: '', sc_promo_desc: '', sc_promo_top: '', sc_promo_rating: 0,
    pn_type: 's', pn_stim_title: '', pn_profile_src: '', pn_stim_profile: '',
    tt_profile_src: '', tt_profile_name: '', tt_desc: '', tt_song_name: '', tt_promo_text: '',
  };
}

export const blankStimRow = (): StimRowValues => ({ stim_url: '', brand_id: null, ad_type_id: null });
export const blankPageRow = (): PageRowValues => ({ cachepage_url: '', stim_list: [blankStimRow()] });

export function defaultValues(kind: StudyKind): WizardValues {
  return {
    name: '',
    environment_id: { code: '1', description: 'Webcam' },
    language: { code: 'en', description: 'English' },
    project_location: { code: 'gb', description: 'United Kingdom' },
    number_of_cells: 1,
    panel_size: 100,
    respondents: { id: 1, name: 'Cell' },
    media_id: kind === 'generic' ? { code: '4', description: 'Digital' } : null,
    study_type_id: kind === 'generic' ? { code: '0', description: 'Custom study' } : null,
    demographic_survey_or_lumen_questions: '0',
    demographic_survey_url: '',
    demographic_survey_insert_parameter: '',
    pre_assign_question_group: null,
    include_external_survey: '0',
    external_survey_step_url: '',
    external_survey_step_insert_parameter: '',
    include_panel_details: '0',
    panel_code: '', panel_success: '', panel_screen: '', panel_quotafull: '', panel_insert_param: '',
    panel_seconds_before_move_next: -1,
    cachepage_stim_list: [blankPageRow()],
    brand_id: null,
    stim_url: '',
    incontext_site: kind === 'video' || kind === 'vast' ? { code: 'yt', description: 'YouTube' }
      : kind === 'social' ? { code: SOCIAL_DEFAULT.platform, description: SOCIAL_PLATFORM_NAMES[SOCIAL_DEFAULT.platform] } : null,
    incontext_primary_site: '', incontext_distraction_site: '', stim_script: '',
    ...socialDefaults(),
    quick_step_list: [blankQuickStep()],
    quick_task_data: quickTaskDefaults(),
    embedded_page_list: embeddedPagesFor([], 1),
    notes: '', objective: '', brief: '', methodology: '', study_duration: '', decision_to_inform: '', incentive: '',
    proposal_signoff_date: '', proposed_data_collection_start: '', proposed_data_collection_end: '', debrief_date: '',
  };
}

/**
 * 'YYYY-MM-DD HH:mm:ss' from a datetime-local value ('2026-12-01T09:30') or one already in the
 * API's form ('2026-12-01 09:30:00', e.g. restored from a saved draft); '' stays ''.
 */
export function formDate(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?)?$/.exec(v.trim());
  if (!m) return '';
  return `${m[1]} ${m[2] ?? '00:00'}:${m[3] ?? '00'}`;
}

/** What Create sends: the form values of the kind, dates formatted. */
export function bodyOf(kind: StudyKind, v: WizardValues): CreateStudyBody {
  const base: Record<string, unknown> = { ...v, study_kind: kind };
  for (const f of ['proposal_signoff_date', 'proposed_data_collection_start', 'proposed_data_collection_end', 'debrief_date'] as const) base[f] = formDate(v[f]);
  if (kind !== 'web_page') delete base.cachepage_stim_list;
  if (kind !== 'rich_media') { delete base.incontext_primary_site; delete base.incontext_distraction_site; delete base.stim_script; }
  if (kind !== 'video' && kind !== 'vast' && kind !== 'social') { delete base.stim_url; delete base.incontext_site; }
  if (kind !== 'social') for (const f of SOCIAL_FIELD_NAMES) delete base[f];
  if (kind === 'generic' || kind === 'web_page') delete base.brand_id;
  if (kind !== 'generic') { delete base.study_type_id; }
  if (kind === 'quick') {
    base.quick_task_data = { ...v.quick_task_data, start_date: formDate(v.quick_task_data.start_date), expiry_date: formDate(v.quick_task_data.expiry_date) };
    delete base.number_of_cells;
  } else { delete base.quick_step_list; delete base.quick_task_data; }
  if (kind === 'embedded') base.embedded_page_list = embeddedPagesFor(v.embedded_page_list, v.number_of_cells);
  else delete base.embedded_page_list;
  return base as CreateStudyBody;
}

/** Review values: 60 characters, URLs 40 (§2.2, §9), with '…'. */
export function reviewText(v: string, isUrl = /^https?:\/\//i.test(v)): string {
  const max = isUrl ? 40 : 60;
  return v.length > max ? `${v.slice(0, max)}…` : v;
}
