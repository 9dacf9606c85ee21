// The wizard's rules (spec D3 §5) as yup schemas, one per wizard step, with the messages word for
// word. The server applies the same rules (server/routes/study-create/rules.ts) and answers the
// same field paths ('cachepage_stim_list.0.stim_list.1.brand_id'), so its errors land on the same
// fields. List rules are one test that reports every row's error at once.
import { mixed, object, string, ValidationError, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import {
  CREATE_LIMITS as L, CREATE_MESSAGES as M, SOCIAL_PLATFORM_AD_TYPES, SPECIALISED_TYPE_KINDS, endsInMp4, socialAdTypeOf, socialSiteOf, type StudyKind,
} from '../../core/api/study-create';
import type { WizardValues, StimRowValues, PageRowValues } from './values';
import { isPublicWebUrl } from '../../../contract/urls';
import { many } from './many';
import { embeddedSchema, quickPagesSchema, quickTaskSchema } from './quick-embedded';

/**
 * The server's URL rule (contract/urls.ts), so a URL passing a step is never refused at Create:
 * http(s), a public host (an IP host must be a public address), no spaces: 'Must be a valid URL'.
 */
export function isWebUrl(s: string): boolean {
  return isPublicWebUrl(s);
}

const reqText = (max: number, tooLong: string = M.tooLong) => string().trim().required(M.required).max(max, tooLong);
const reqUrl = (max: number) => string().trim().required(M.required).max(max, M.tooLong).test('url', M.url, (v) => !v || isWebUrl(v));
const refGiven = (v: unknown): boolean => {
  if (v === null || v === undefined || v === '') return false;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return ['id', 'code', 'name', 'group_name'].some((k) => o[k] !== undefined && o[k] !== null && String(o[k]).trim() !== '');
  }
  return true;
};
const ref = (message: string = M.required) => mixed().nullable().test('required', message, refGiven);

/** A study type another wizard sets up (the custom study may not choose it; the server refuses it too). */
export function specialisedTypeCode(v: unknown): string | null {
  const o = (v && typeof v === 'object' ? v : { code: v }) as { code?: unknown; id?: unknown };
  const code = o.code !== undefined && o.code !== null && String(o.code).trim() !== '' ? String(o.code).trim()
    : o.id !== undefined && o.id !== null ? String(o.id) : null;
  return code !== null && Object.hasOwn(SPECIALISED_TYPE_KINDS, code) ? code : null;
}

export const basicSchema = object({
  study_type_id: mixed().nullable().test('own-wizard', M.ownWizard, (v) => specialisedTypeCode(v) === null),
  name: reqText(L.name, M.nameTooLong),
  environment_id: mixed().nullable().test('environment', M.environment, (v) => {
    const code = Number((v as { code?: string } | null)?.code ?? v);
    return refGiven(v) && Number.isFinite(code) && code >= 1;
  }),
  language: ref(),
  project_location: ref(),
  number_of_cells: mixed().nullable().test('required', M.required, (v) => v !== '' && v !== null && v !== undefined),
  panel_size: mixed().nullable().test('required', M.required, (v) => v !== '' && v !== null && v !== undefined),
});

export const questionSchema = object({
  demographic_survey_or_lumen_questions: string().required(M.required),
  demographic_survey_url: string().when('demographic_survey_or_lumen_questions', { is: '1', then: () => reqUrl(L.url) }),
  demographic_survey_insert_parameter: string().when('demographic_survey_or_lumen_questions', { is: '1', then: () => reqText(L.insertParameter) }),
  pre_assign_question_group: mixed().nullable().when('demographic_survey_or_lumen_questions', { is: '2', then: () => ref() }),
  include_external_survey: string().required(M.required),
  external_survey_step_url: string().when('include_external_survey', { is: '1', then: () => reqUrl(L.url) }),
  external_survey_step_insert_parameter: string().when('include_external_survey', { is: '1', then: () => reqText(L.insertParameter) }),
});

export const panelSchema = object({
  include_panel_details: string().required(M.required),
  panel_code: string().when('include_panel_details', { is: '1', then: () => reqText(L.panelCode) }),
  panel_success: string().when('include_panel_details', { is: (v: string) => v === '1' || v === '2', then: () => reqUrl(L.successUrl) }),
  panel_screen: string().when('include_panel_details', { is: '1', then: () => reqUrl(L.url) }),
  panel_quotafull: string().when('include_panel_details', { is: '1', then: () => reqUrl(L.url) }),
  panel_insert_param: string().when('include_panel_details', { is: '1', then: () => reqText(L.insertParameter) }),
});

const blankStim = (r: StimRowValues) => !r.stim_url?.trim() && !refGiven(r.brand_id) && !refGiven(r.ad_type_id);
const blankPage = (p: PageRowValues) => !p.cachepage_url?.trim() && p.stim_list.every(blankStim);

/** Web Page Setup: every page but the trailing blank one; first stim row 'At least 1 stim required', other non-last rows 'Required'. */
export function webPageErrors(v: WizardValues): Record<string, string> {
  const e: Record<string, string> = {};
  const pages = [...v.cachepage_stim_list];
  while (pages.length && blankPage(pages[pages.length - 1])) pages.pop();
  if (!pages.length) return { cachepage_stim_list: M.required };
  pages.forEach((p, i) => {
    const at = `cachepage_stim_list.${i}`;
    const url = p.cachepage_url.trim();
    if (!url) e[`${at}.cachepage_url`] = M.required;
    else if (url.length > L.url) e[`${at}.cachepage_url`] = M.tooLong;
    else if (!isWebUrl(url)) e[`${at}.cachepage_url`] = M.url;
    const stims = [...p.stim_list];
    while (stims.length > 1 && blankStim(stims[stims.length - 1])) stims.pop();
    stims.forEach((s, j) => {
      const sat = `${at}.stim_list.${j}`;
      const missing = j === 0 ? M.firstStim : M.required;
      const su = s.stim_url.trim();
      if (!su) e[`${sat}.stim_url`] = missing;
      else if (su.length > L.url) e[`${sat}.stim_url`] = M.tooLong;
      else if (!isWebUrl(su)) e[`${sat}.stim_url`] = M.url;
      if (!refGiven(s.brand_id)) e[`${sat}.brand_id`] = missing;
      if (!refGiven(s.ad_type_id)) e[`${sat}.ad_type_id`] = missing;
    });
  });
  return e;
}
export const webPageSchema = object({ cachepage_stim_list: mixed().nullable().test('rows', M.required, many('rows', webPageErrors)) });

export const richMediaSchema = object({
  incontext_primary_site: reqUrl(L.url),
  incontext_distraction_site: reqUrl(L.url),
  stim_script: reqText(L.stimScript),
  brand_id: ref(),
});

export const videoSchema = object({
  incontext_site: ref(),
  stim_url: reqUrl(L.url),
  brand_id: ref(),
});

// ---- Social Page Setup (§5 Social, D3-092…D3-102): one yup schema per platform and ad type ----------

const optText = (max: number) => string().trim().max(max, M.tooLong);
const reqPlain = () => string().trim().required(M.required);
const whenPromoted = (then: () => Schema) => string().when('promoted', { is: (p: unknown) => p !== false, then });
const fbBasic = {
  stim_url: reqUrl(L.url),
  fb_channel_name: reqText(L.profileName),
  fb_profile_src: reqUrl(L.urlShort),
  fb_description: reqText(L.urlShort),
};
const profileStory = { stim_url: reqUrl(L.url), fb_profile_src: reqUrl(L.url), fb_channel_name: reqText(L.profileName) };
const instagram = { stim_url: reqUrl(L.url), in_profile_src: reqUrl(L.urlShort), in_channel_name: reqText(L.profileName) };

/** The rules of each platform's ad type ('{platform}:{ad type}'). */
export const SOCIAL_SCHEMAS: Record<string, ObjectSchema<AnyObject>> = {
  'fb:standard': object({
    ...fbBasic,
    fb_promoted_description: whenPromoted(() => reqText(L.fbHeadline)),
    fb_promoted_description2: whenPromoted(() => reqPlain()),
    fb_promoted_domain: whenPromoted(() => reqUrl(L.profileName)),
  }),
  'fb:story': object({ ...profileStory, fb_call_to_action: optText(L.profileName) }),
  'fb:watch': object({ stim_url: reqUrl(L.url).test('mp4', M.mp4, (v) => !v || !isWebUrl(v) || v.length > L.url || endsInMp4(v)) }),
  'vk:standard': object(fbBasic),
  'vk:story': object(profileStory),
  'in:standard': object({ ...instagram, in_description: optText(L.urlShort) }),
  'in:story': object(instagram),
  'sc:standard': object({
    stim_url: reqUrl(L.url),
    sc_channel_name: reqText(L.profileName),
    sc_cta: reqPlain(),
    sc_description: reqText(L.urlShort),
    sc_promo_text: reqText(L.scPromoText),
    sc_promo_desc: reqText(L.scPromoDesc),
    sc_promo_top: optText(L.scPromoDesc),
    sc_promo_rating: mixed().nullable().test('number', M.number, (v) => v === null || v === undefined || v === '' || Number.isFinite(Number(v))),
  }),
  'pin:standard': object({
    stim_url: reqUrl(L.url), pn_profile_src: reqUrl(L.url), pn_type: reqPlain(), pn_stim_profile: reqPlain(), pn_stim_title: reqPlain(),
  }),
  'tt:standard': object({
    stim_url: reqUrl(L.url), tt_profile_src: reqUrl(L.url),
    tt_profile_name: reqPlain(), tt_desc: reqPlain(), tt_song_name: reqPlain(), tt_promo_text: reqPlain(),
  }),
};

/** Social Page Setup: the site and ad type, then the chosen form's rules (D3-077: no Facebook watch under the new system). */
export function socialErrors(v: WizardValues): Record<string, string> {
  const e: Record<string, string> = {};
  const site = v.incontext_site;
  const found = socialSiteOf(site && typeof site === 'object' ? site.code : (site as string | null));
  const newSystem = v.is_new_social_system === true || (found?.newSystemSite ?? false);
  const platform = found?.platform ?? null;
  const adType = socialAdTypeOf(typeof v.ad_type === 'string' ? v.ad_type : (v.ad_type as { code?: string } | null)?.code);
  if (!platform) e.incontext_site = M.required;
  if (!adType || (platform && !SOCIAL_PLATFORM_AD_TYPES[platform].includes(adType)) || (newSystem && platform === 'fb' && adType === 'watch')) e.ad_type = M.chooseAd;
  if (!platform || e.ad_type) return e;
  try {
    SOCIAL_SCHEMAS[`${platform}:${adType}`].validateSync(v, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    for (const x of err.inner.length ? err.inner : [err]) if (x.path && !(x.path in e)) e[x.path] = x.errors[0] ?? x.message;
  }
  return e;
}
export const socialSchema = object({ incontext_site: mixed().nullable().test('social', M.required, many('social', socialErrors)) });

/** 'pages' and 'task' are the quick study's External Pages and Lumen Panel Data, 'context' the embedded study's Context Details. */
export type StepId = 'basic' | 'question' | 'panel' | 'setup' | 'pages' | 'task' | 'context' | 'review';
export interface WizardStep { id: StepId; label: string; review: string; schema: Schema | null }

const SETUP: Partial<Record<StudyKind, { label: string; review: string; schema: ObjectSchema<AnyObject> }>> = {
  web_page: { label: 'Web Page Setup', review: 'Web Page Setup', schema: webPageSchema },
  rich_media: { label: 'Web Page Setup', review: 'Cache Page Setup', schema: richMediaSchema },
  video: { label: 'Video Setup', review: 'Video Setup', schema: videoSchema },
  vast: { label: 'Video Setup', review: 'Video Setup', schema: videoSchema },
  social: { label: 'Social Page Setup', review: 'Social Page Setup', schema: socialSchema },
};

/** The steps of a kind's wizard (§2.2), the last one Review. */
export function stepsOf(kind: StudyKind): WizardStep[] {
  const basic: WizardStep = { id: 'basic', label: 'Basic Details', review: 'Basic Details', schema: basicSchema };
  const review: WizardStep = { id: 'review', label: 'Review', review: 'Review', schema: null };
  // D3-039, D3-040: the quick and the embedded/redirect study have no Question Details.
  if (kind === 'quick') {
    return [basic, { id: 'pages', label: 'External Pages', review: 'External Pages', schema: quickPagesSchema },
      { id: 'task', label: 'Lumen Panel Data', review: 'Lumen Panel Data', schema: quickTaskSchema }, review];
  }
  if (kind === 'embedded') {
    return [basic, { id: 'panel', label: 'Redirect Details', review: 'Redirect Details', schema: panelSchema },
      { id: 'context', label: 'Context Details', review: 'Context Details', schema: embeddedSchema }, review];
  }
  const steps: WizardStep[] = [
    { id: 'basic', label: 'Basic Details', review: 'Basic Details', schema: basicSchema },
    { id: 'question', label: 'Question Details', review: 'Question Details', schema: questionSchema },
    { id: 'panel', label: 'Panel Details', review: 'Panel Details', schema: panelSchema },
  ];
  const setup = SETUP[kind];
  if (setup) steps.push({ id: 'setup', label: setup.label, review: setup.review, schema: setup.schema });
  steps.push({ id: 'review', label: 'Review', review: 'Review', schema: null });
  return steps;
}

/** Field path → message for one step's values ({} when they pass). */
export async function stepErrors(step: WizardStep, values: WizardValues): Promise<Record<string, string>> {
  if (!step.schema) return {};
  try {
    await step.schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const out: Record<string, string> = {};
    const flat = (e: ValidationError) => {
      if (e.inner.length) e.inner.forEach(flat);
      else if (e.path && !(e.path in out)) out[e.path.replace(/\[(\d+)\]/g, '.$1')] = e.errors[0] ?? e.message;
    };
    flat(err);
    return out;
  }
}
