// One table of §5 cases (checklist D3-045…D3-071): each sets a few values on a valid form and names
// the one field and message expected. schemas.test.ts runs it through the yup schemas, and
// server/test/study-create/rules-mirror.test.ts through the server's rules: both must agree.
import type { StudyKind } from '../../core/api/study-create';
import type { WizardValues } from './values';
import type { StepId } from './schemas';

export interface RuleCase { id: string; kind: StudyKind; step: StepId; set: Partial<WizardValues>; field: string; message: string }

const long = (n: number) => 'x'.repeat(n);
const longUrl = (n: number) => `https://a.example.com/${'x'.repeat(n - 22)}`;
const panel1 = { include_panel_details: '1' as const, panel_code: 'P', panel_success: 'https://p.example.com/ok', panel_screen: 'https://p.example.com/so', panel_quotafull: 'https://p.example.com/qf', panel_insert_param: 'pid' };

export const RULE_CASES: RuleCase[] = [
  { id: 'D3-045 name required', kind: 'generic', step: 'basic', set: { name: '' }, field: 'name', message: 'Required' },
  { id: 'D3-045 name at most 100', kind: 'generic', step: 'basic', set: { name: long(101) }, field: 'name', message: 'Too Long!' },
  { id: 'D3-046 environment at least 1', kind: 'generic', step: 'basic', set: { environment_id: { code: '0', description: 'none' } }, field: 'environment_id', message: 'Environment required' },
  { id: 'D3-046 environment required', kind: 'generic', step: 'basic', set: { environment_id: null }, field: 'environment_id', message: 'Environment required' },
  { id: 'D3-047 language required', kind: 'generic', step: 'basic', set: { language: null }, field: 'language', message: 'Required' },
  { id: 'D3-047 country required', kind: 'generic', step: 'basic', set: { project_location: null }, field: 'project_location', message: 'Required' },
  { id: 'D3-049 survey URL required', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '1', demographic_survey_insert_parameter: 'p' }, field: 'demographic_survey_url', message: 'Required' },
  { id: 'D3-049 survey URL valid', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '1', demographic_survey_url: 'survey', demographic_survey_insert_parameter: 'p' }, field: 'demographic_survey_url', message: 'Must be a valid URL' },
  { id: 'D3-049 survey URL at most 512', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '1', demographic_survey_url: longUrl(513), demographic_survey_insert_parameter: 'p' }, field: 'demographic_survey_url', message: 'Too long' },
  { id: 'D3-049 insert parameter required', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '1', demographic_survey_url: 'https://s.example.com' }, field: 'demographic_survey_insert_parameter', message: 'Required' },
  { id: 'D3-049 insert parameter at most 50', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '1', demographic_survey_url: 'https://s.example.com', demographic_survey_insert_parameter: long(51) }, field: 'demographic_survey_insert_parameter', message: 'Too long' },
  { id: 'D3-050 question group required', kind: 'generic', step: 'question', set: { demographic_survey_or_lumen_questions: '2' }, field: 'pre_assign_question_group', message: 'Required' },
  { id: 'D3-051 post-exposure URL required', kind: 'generic', step: 'question', set: { include_external_survey: '1', external_survey_step_insert_parameter: 'p' }, field: 'external_survey_step_url', message: 'Required' },
  { id: 'D3-051 post-exposure parameter at most 50', kind: 'generic', step: 'question', set: { include_external_survey: '1', external_survey_step_url: 'https://s.example.com', external_survey_step_insert_parameter: long(51) }, field: 'external_survey_step_insert_parameter', message: 'Too long' },
  { id: 'D3-052 panel code required', kind: 'generic', step: 'panel', set: { ...panel1, panel_code: '' }, field: 'panel_code', message: 'Required' },
  { id: 'D3-052 panel code at most 50', kind: 'generic', step: 'panel', set: { ...panel1, panel_code: long(51) }, field: 'panel_code', message: 'Too long' },
  { id: 'D3-053 success URL at most 200', kind: 'generic', step: 'panel', set: { ...panel1, panel_success: longUrl(201) }, field: 'panel_success', message: 'Too long' },
  { id: 'D3-053 success URL valid', kind: 'generic', step: 'panel', set: { ...panel1, panel_success: 'done' }, field: 'panel_success', message: 'Must be a valid URL' },
  { id: 'D3-054 screenout URL required', kind: 'generic', step: 'panel', set: { ...panel1, panel_screen: '' }, field: 'panel_screen', message: 'Required' },
  { id: 'D3-054 quota-full URL at most 512', kind: 'generic', step: 'panel', set: { ...panel1, panel_quotafull: longUrl(513) }, field: 'panel_quotafull', message: 'Too long' },
  { id: 'D3-055 insert parameter required', kind: 'generic', step: 'panel', set: { ...panel1, panel_insert_param: '' }, field: 'panel_insert_param', message: 'Required' },
  { id: 'D3-056 basic redirect success URL required', kind: 'generic', step: 'panel', set: { include_panel_details: '2' }, field: 'panel_success', message: 'Required' },
  { id: 'D3-061 cache page URL valid', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'page', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.cachepage_url', message: 'Must be a valid URL' },
  { id: 'D3-061 cache page URL at most 512', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: longUrl(513), stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.cachepage_url', message: 'Too long' },
  { id: 'D3-062 stim URL valid', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'https://n.example.com', stim_list: [{ stim_url: 'ad.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.stim_list.0.stim_url', message: 'Must be a valid URL' },
  { id: 'D3-063 first stim row brand', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'https://n.example.com', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: null, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.stim_list.0.brand_id', message: 'At least 1 stim required' },
  { id: 'D3-064 other rows Required', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'https://n.example.com', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }, { stim_url: 'https://c.example.com/b.png', brand_id: { name: 'B' }, ad_type_id: null }, { stim_url: '', brand_id: null, ad_type_id: null }] }] }, field: 'cachepage_stim_list.0.stim_list.1.ad_type_id', message: 'Required' },
  { id: 'D3-060 list-level error', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: '', stim_list: [{ stim_url: '', brand_id: null, ad_type_id: null }] }] }, field: 'cachepage_stim_list', message: 'Required' },
  { id: 'D3-067 test page URL required', kind: 'rich_media', step: 'setup', set: { incontext_primary_site: '' }, field: 'incontext_primary_site', message: 'Required' },
  { id: 'D3-067 distraction page URL valid', kind: 'rich_media', step: 'setup', set: { incontext_distraction_site: 'nope' }, field: 'incontext_distraction_site', message: 'Must be a valid URL' },
  { id: 'D3-068 script at most 3000', kind: 'rich_media', step: 'setup', set: { stim_script: long(3001) }, field: 'stim_script', message: 'Too long' },
  { id: 'D3-069 rich media brand required', kind: 'rich_media', step: 'setup', set: { brand_id: null }, field: 'brand_id', message: 'Required' },
  { id: 'D3-071 video URL required', kind: 'video', step: 'setup', set: { stim_url: '' }, field: 'stim_url', message: 'Required' },
  { id: 'D3-071 video URL at most 512', kind: 'video', step: 'setup', set: { stim_url: longUrl(513) }, field: 'stim_url', message: 'Too long' },
  { id: 'D3-071 video brand required', kind: 'vast', step: 'setup', set: { brand_id: null }, field: 'brand_id', message: 'Required' },
];

/** A form that passes every rule of its kind. */
export function validValues(kind: StudyKind, base: WizardValues): WizardValues {
  return {
    ...base,
    name: 'Valid study',
    cachepage_stim_list: [{ cachepage_url: 'https://n.example.com/', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'Fizzwell' }, ad_type_id: { name: 'MPU 300x250' } }, { stim_url: '', brand_id: null, ad_type_id: null }] }, { cachepage_url: '', stim_list: [{ stim_url: '', brand_id: null, ad_type_id: null }] }],
    incontext_primary_site: 'https://p.example.com/', incontext_distraction_site: 'https://d.example.com/', stim_script: '<div></div>',
    brand_id: { name: 'Fizzwell' }, stim_url: 'https://c.example.com/spot.mp4',
  };
}
