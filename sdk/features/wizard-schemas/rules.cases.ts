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

/** Valid forms of the other platforms (the base form is Facebook standard). */
const instagram = { incontext_site: { code: 'in', description: 'Instagram' }, in_channel_name: 'fizzwell', in_profile_src: 'https://c.example.com/in.png' };
const snapchat = { incontext_site: { code: 'sc', description: 'Snapchat' }, sc_channel_name: 'Fizzwell', sc_cta: 'Learn more', sc_description: 'Drink', sc_promo_text: 'Lemon', sc_promo_desc: 'In stores' };
const pinterest = { incontext_site: { code: 'pin', description: 'Pinterest' }, pn_type: 'm' as const, pn_profile_src: 'https://c.example.com/p.png', pn_stim_profile: 'Fizzwell', pn_stim_title: 'Lemon' };
const tiktok = { incontext_site: { code: 'tt', description: 'TikTok' }, tt_profile_src: 'https://c.example.com/t.png', tt_profile_name: 'fizzwell', tt_desc: 'Fizz', tt_song_name: 'Pop', tt_promo_text: 'Shop' };
/** Every platform's valid form, for the 'a valid form passes' tests. */
export const SOCIAL_VALID_FORMS: Record<string, Partial<WizardValues>> = {
  'fb standard': {}, 'fb story': { ad_type: 'story' }, 'fb watch': { ad_type: 'watch' }, 'fb standard (new system)': { is_new_social_system: true },
  'vk standard': { incontext_site: { code: 'vk', description: 'VK' } }, 'vk story': { incontext_site: { code: 'vk', description: 'VK' }, ad_type: 'story' },
  'in standard': instagram, 'in story': { ...instagram, ad_type: 'story' }, 'rin standard': { ...instagram, incontext_site: { code: 'rin', description: 'Instagram (new social system)' } },
  'sc standard': snapchat, 'pin standard': pinterest, 'tt standard': tiktok,
  'fb story (new system, rfb)': { incontext_site: { code: 'rfb', description: 'Facebook' }, ad_type: 'story', fb_description: '', fb_call_to_action: 'Swipe up' },
  'in standard (not promoted)': { ...instagram, promoted: false, in_description: 'Gram' },
  'sc standard (rating, top line)': { ...snapchat, sc_promo_rating: 5, sc_promo_top: 'Top', sc_profile_src: 'https://c.example.com/s.png' },
  'pin standard (type s)': { ...pinterest, pn_type: 's' },
  'vk standard (not promoted fields ignored)': { incontext_site: { code: 'vk', description: 'VK' }, fb_promoted_description: '', fb_promoted_description2: '', fb_promoted_domain: '' },
};

export const RULE_CASES: RuleCase[] = [
  { id: 'D3-045 name required', kind: 'generic', step: 'basic', set: { name: '' }, field: 'name', message: 'Required' },
  { id: 'D3-045 name at most 100', kind: 'generic', step: 'basic', set: { name: long(101) }, field: 'name', message: 'Too Long!' },
  { id: 'D3-046 environment at least 1', kind: 'generic', step: 'basic', set: { environment_id: { code: '0', description: 'none' } }, field: 'environment_id', message: 'Environment required' },
  { id: 'D3-046 environment required', kind: 'generic', step: 'basic', set: { environment_id: null }, field: 'environment_id', message: 'Environment required' },
  { id: 'D3-047 language required', kind: 'generic', step: 'basic', set: { language: null }, field: 'language', message: 'Required' },
  { id: 'issue 35 custom study: a type with its own wizard', kind: 'generic', step: 'basic', set: { study_type_id: { code: '8', description: 'Web page study' } }, field: 'study_type_id', message: 'This study type has its own wizard: choose it on the Create Study page' },
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
  // Issue 38: an IP host passed the form and failed only at Create; one rule now (contract/urls.ts).
  { id: 'issue 38 a private IP host is not a valid URL, on the form as on the server', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'http://10.0.0.7/page', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.cachepage_url', message: 'Must be a valid URL' },
  { id: 'issue 38 an IPv6 loopback stim URL is not valid either', kind: 'web_page', step: 'setup', set: { cachepage_stim_list: [{ cachepage_url: 'https://n.example.com', stim_list: [{ stim_url: 'http://[::ffff:127.0.0.1]/ad.png', brand_id: { name: 'B' }, ad_type_id: { name: 'MPU 300x250' } }] }] }, field: 'cachepage_stim_list.0.stim_list.0.stim_url', message: 'Must be a valid URL' },
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
  // Social Page Setup (D3-092…D3-102): the valid form is Facebook standard, promoted; other platforms set their own fields.
  { id: 'D3-092 social in-context site required', kind: 'social', step: 'setup', set: { incontext_site: null }, field: 'incontext_site', message: 'Required' },
  { id: 'D3-092 social site must be a platform', kind: 'social', step: 'setup', set: { incontext_site: { code: 'yt', description: 'YouTube' } }, field: 'incontext_site', message: 'Required' },
  { id: 'D3-092 ad type required', kind: 'social', step: 'setup', set: { ad_type: '' }, field: 'ad_type', message: 'Required, please choose an ad' },
  { id: 'D3-092 an ad type the platform does not offer', kind: 'social', step: 'setup', set: { ...tiktok, ad_type: 'story' }, field: 'ad_type', message: 'Required, please choose an ad' },
  { id: 'D3-077 no Facebook watch under the new system', kind: 'social', step: 'setup', set: { ad_type: 'watch', is_new_social_system: true }, field: 'ad_type', message: 'Required, please choose an ad' },
  { id: 'D3-095 Facebook feed ad URL required', kind: 'social', step: 'setup', set: { stim_url: '' }, field: 'stim_url', message: 'Required' },
  { id: 'D3-095 Facebook feed ad URL at most 512', kind: 'social', step: 'setup', set: { stim_url: longUrl(513) }, field: 'stim_url', message: 'Too long' },
  { id: 'D3-095 Facebook channel name at most 50', kind: 'social', step: 'setup', set: { fb_channel_name: long(51) }, field: 'fb_channel_name', message: 'Too long' },
  { id: 'D3-095 Facebook profile URL at most 511', kind: 'social', step: 'setup', set: { fb_profile_src: longUrl(512) }, field: 'fb_profile_src', message: 'Too long' },
  { id: 'D3-095 Facebook profile URL valid', kind: 'social', step: 'setup', set: { fb_profile_src: 'avatar.png' }, field: 'fb_profile_src', message: 'Must be a valid URL' },
  { id: 'D3-095 Facebook description required', kind: 'social', step: 'setup', set: { fb_description: '' }, field: 'fb_description', message: 'Required' },
  { id: 'D3-095 Facebook description at most 511', kind: 'social', step: 'setup', set: { fb_description: long(512) }, field: 'fb_description', message: 'Too long' },
  { id: 'D3-096 promoted headline at most 26', kind: 'social', step: 'setup', set: { fb_promoted_description: long(27) }, field: 'fb_promoted_description', message: 'Too long' },
  { id: 'D3-096 promoted subheading required', kind: 'social', step: 'setup', set: { fb_promoted_description2: '' }, field: 'fb_promoted_description2', message: 'Required' },
  { id: 'D3-096 promoted domain URL', kind: 'social', step: 'setup', set: { fb_promoted_domain: 'fizzwell' }, field: 'fb_promoted_domain', message: 'Must be a valid URL' },
  { id: 'D3-096 promoted domain at most 50', kind: 'social', step: 'setup', set: { fb_promoted_domain: longUrl(51) }, field: 'fb_promoted_domain', message: 'Too long' },
  { id: 'D3-096 not promoted: no promoted rules', kind: 'social', step: 'setup', set: { promoted: false, fb_promoted_description: '', fb_promoted_description2: '', fb_promoted_domain: '', fb_description: '' }, field: 'fb_description', message: 'Required' },
  { id: 'D3-097 Facebook story call to action at most 50', kind: 'social', step: 'setup', set: { ad_type: 'story', fb_description: '', fb_call_to_action: long(51) }, field: 'fb_call_to_action', message: 'Too long' },
  { id: 'D3-097 Facebook story profile URL required', kind: 'social', step: 'setup', set: { ad_type: 'story', fb_profile_src: '' }, field: 'fb_profile_src', message: 'Required' },
  { id: 'D3-098 Facebook watch must be an mp4', kind: 'social', step: 'setup', set: { ad_type: 'watch', stim_url: 'https://c.example.com/spot.mov' }, field: 'stim_url', message: 'Must be an mp4' },
  { id: 'D3-098 Facebook watch URL valid first', kind: 'social', step: 'setup', set: { ad_type: 'watch', stim_url: 'spot.mp4' }, field: 'stim_url', message: 'Must be a valid URL' },
  { id: 'D3-099 Instagram profile URL valid', kind: 'social', step: 'setup', set: { ...instagram, in_profile_src: 'nope' }, field: 'in_profile_src', message: 'Must be a valid URL' },
  { id: 'D3-099 Instagram description at most 511', kind: 'social', step: 'setup', set: { ...instagram, in_description: long(512) }, field: 'in_description', message: 'Too long' },
  { id: 'D3-100 Instagram story channel name required', kind: 'social', step: 'setup', set: { ...instagram, ad_type: 'story', in_channel_name: '' }, field: 'in_channel_name', message: 'Required' },
  { id: 'D3-101 Snapchat call to action required', kind: 'social', step: 'setup', set: { ...snapchat, sc_cta: '' }, field: 'sc_cta', message: 'Required' },
  { id: 'D3-101 Snapchat description required', kind: 'social', step: 'setup', set: { ...snapchat, sc_description: '' }, field: 'sc_description', message: 'Required' },
  { id: 'D3-101 Snapchat promo text at most 25', kind: 'social', step: 'setup', set: { ...snapchat, sc_promo_text: long(26) }, field: 'sc_promo_text', message: 'Too long' },
  { id: 'D3-101 Snapchat promo description at most 50', kind: 'social', step: 'setup', set: { ...snapchat, sc_promo_desc: long(51) }, field: 'sc_promo_desc', message: 'Too long' },
  { id: 'D3-101 Snapchat promo top at most 50', kind: 'social', step: 'setup', set: { ...snapchat, sc_promo_top: long(51) }, field: 'sc_promo_top', message: 'Too long' },
  { id: 'D3-087 Snapchat rating a number', kind: 'social', step: 'setup', set: { ...snapchat, sc_promo_rating: 'five' as unknown as number }, field: 'sc_promo_rating', message: 'Must be a number' },
  { id: 'D3-093 Pinterest type required', kind: 'social', step: 'setup', set: { ...pinterest, pn_type: '' }, field: 'pn_type', message: 'Required' },
  { id: 'D3-093 Pinterest profile URL at most 512', kind: 'social', step: 'setup', set: { ...pinterest, pn_profile_src: longUrl(513) }, field: 'pn_profile_src', message: 'Too long' },
  { id: 'D3-093 Pinterest title required', kind: 'social', step: 'setup', set: { ...pinterest, pn_stim_title: '' }, field: 'pn_stim_title', message: 'Required' },
  { id: 'D3-093 Pinterest ad URL required', kind: 'social', step: 'setup', set: { ...pinterest, stim_url: '' }, field: 'stim_url', message: 'Required' },
  { id: 'D3-094 TikTok song name required', kind: 'social', step: 'setup', set: { ...tiktok, tt_song_name: '' }, field: 'tt_song_name', message: 'Required' },
  { id: 'D3-094 TikTok profile URL valid', kind: 'social', step: 'setup', set: { ...tiktok, tt_profile_src: 'me.png' }, field: 'tt_profile_src', message: 'Must be a valid URL' },
  { id: 'D3-102 VK feed description required', kind: 'social', step: 'setup', set: { incontext_site: { code: 'vk', description: 'VK' }, fb_description: '' }, field: 'fb_description', message: 'Required' },
  { id: 'D3-077 rfb site: no Facebook watch', kind: 'social', step: 'setup', set: { incontext_site: { code: 'rfb', description: 'Facebook' }, ad_type: 'watch' }, field: 'ad_type', message: 'Required, please choose an ad' },
  { id: 'D3-078 rfb site: the Facebook feed rules', kind: 'social', step: 'setup', set: { incontext_site: { code: 'rfb', description: 'Facebook' }, fb_channel_name: '' }, field: 'fb_channel_name', message: 'Required' },
  { id: 'D3-078 rin site: the Instagram rules', kind: 'social', step: 'setup', set: { ...instagram, incontext_site: { code: 'rin', description: 'Instagram' }, in_channel_name: long(51) }, field: 'in_channel_name', message: 'Too long' },
  { id: 'D3-098 Facebook watch URL required', kind: 'social', step: 'setup', set: { ad_type: 'watch', stim_url: '' }, field: 'stim_url', message: 'Required' },
  { id: 'D3-099 Instagram feed profile URL at most 511', kind: 'social', step: 'setup', set: { ...instagram, in_profile_src: longUrl(512) }, field: 'in_profile_src', message: 'Too long' },
  { id: 'D3-100 Instagram story: no description rule', kind: 'social', step: 'setup', set: { ...instagram, ad_type: 'story', in_description: long(600), in_profile_src: '' }, field: 'in_profile_src', message: 'Required' },
  { id: 'D3-101 Snapchat ad URL valid', kind: 'social', step: 'setup', set: { ...snapchat, stim_url: 'snap.png' }, field: 'stim_url', message: 'Must be a valid URL' },
  { id: 'D3-101 Snapchat channel name at most 50', kind: 'social', step: 'setup', set: { ...snapchat, sc_channel_name: long(51) }, field: 'sc_channel_name', message: 'Too long' },
  { id: 'D3-101 Snapchat promo text required', kind: 'social', step: 'setup', set: { ...snapchat, sc_promo_text: '' }, field: 'sc_promo_text', message: 'Required' },
  { id: 'D3-093 Pinterest profile name required', kind: 'social', step: 'setup', set: { ...pinterest, pn_stim_profile: '' }, field: 'pn_stim_profile', message: 'Required' },
  { id: 'D3-093 Pinterest profile URL valid', kind: 'social', step: 'setup', set: { ...pinterest, pn_profile_src: 'me.png' }, field: 'pn_profile_src', message: 'Must be a valid URL' },
  { id: 'D3-094 TikTok ad URL at most 512', kind: 'social', step: 'setup', set: { ...tiktok, stim_url: longUrl(513) }, field: 'stim_url', message: 'Too long' },
  { id: 'D3-094 TikTok profile name required', kind: 'social', step: 'setup', set: { ...tiktok, tt_profile_name: '' }, field: 'tt_profile_name', message: 'Required' },
  { id: 'D3-094 TikTok description required', kind: 'social', step: 'setup', set: { ...tiktok, tt_desc: '' }, field: 'tt_desc', message: 'Required' },
  { id: 'D3-094 TikTok promo text required', kind: 'social', step: 'setup', set: { ...tiktok, tt_promo_text: '' }, field: 'tt_promo_text', message: 'Required' },
  { id: 'D3-102 VK feed: no promoted rules', kind: 'social', step: 'setup', set: { incontext_site: { code: 'vk', description: 'VK' }, fb_promoted_description: long(40), fb_promoted_domain: 'nope', fb_channel_name: '' }, field: 'fb_channel_name', message: 'Required' },
  { id: 'D3-102 VK story profile photo URL valid', kind: 'social', step: 'setup', set: { incontext_site: { code: 'vk', description: 'VK' }, ad_type: 'story', fb_profile_src: 'photo' }, field: 'fb_profile_src', message: 'Must be a valid URL' },
  { id: 'D3-102 VK story ad URL required', kind: 'social', step: 'setup', set: { incontext_site: { code: 'vk', description: 'VK' }, ad_type: 'story', stim_url: '' }, field: 'stim_url', message: 'Required' },
  { id: 'D3-102 VK story profile name required', kind: 'social', step: 'setup', set: { incontext_site: { code: 'vk', description: 'VK' }, ad_type: 'story', fb_description: '', fb_channel_name: '' }, field: 'fb_channel_name', message: 'Required' },
];

/** A form that passes every rule of its kind. */
export function validValues(kind: StudyKind, base: WizardValues): WizardValues {
  return {
    ...base,
    name: 'Valid study',
    cachepage_stim_list: [{ cachepage_url: 'https://n.example.com/', stim_list: [{ stim_url: 'https://c.example.com/a.png', brand_id: { name: 'Fizzwell' }, ad_type_id: { name: 'MPU 300x250' } }, { stim_url: '', brand_id: null, ad_type_id: null }] }, { cachepage_url: '', stim_list: [{ stim_url: '', brand_id: null, ad_type_id: null }] }],
    incontext_primary_site: 'https://p.example.com/', incontext_distraction_site: 'https://d.example.com/', stim_script: '<div></div>',
    brand_id: { name: 'Fizzwell' }, stim_url: 'https://c.example.com/spot.mp4',
    // Social: Facebook standard, promoted (the social wizard's default platform and ad type).
    fb_channel_name: 'Fizzwell', fb_profile_src: 'https://c.example.com/avatar.png', fb_description: 'Sparkling',
    fb_promoted_description: 'Taste the fizz', fb_promoted_description2: 'New lemon', fb_promoted_domain: 'https://fizzwell.example.com',
  };
}
