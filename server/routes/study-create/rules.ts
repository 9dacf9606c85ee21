// The wizard's rules (spec document 3 §5) as the server applies them, per kind, with the form's
// messages word for word; sdk/features/wizard-schemas holds the same rules as yup schemas and
// the rules tests runs one table of cases through both.
// Pure: lookups (does this environment exist?) are the service's job.
//
// A field left out takes the form's default (the legacy client sends only a few fields); a field
// sent empty or null is 'Required' where the form requires it.
import {
  CREATE_DATE_FORMAT, CREATE_LIMITS as L, CREATE_MESSAGES as M, KIND_TYPE_CODE, NEW_SOCIAL_SYSTEM_SITES, SOCIAL_PLATFORM_AD_TYPES, SPECIALISED_TYPE_KINDS, STUDY_KINDS,
  endsInMp4, socialAdTypeOf, socialSiteOf, type CreateStudyBody, type RefValue, type SocialAdType, type SocialPlatform, type StudyKind,
} from '../../../contract/study-create.js';
import { privateUrlsAllowed } from '../../domain/urls.js';
import { isPublicWebUrl } from '../../../contract/urls.js';

export type Errors = Record<string, string>;

export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The parts of a choice value: {id, code, name}, whichever it carries. */
export function refParts(v: RefValue | undefined): { id?: number; code?: string; name?: string } {
  if (v === undefined || v === null) return {};
  if (typeof v === 'number') return { id: v, code: String(v) };
  if (typeof v === 'string') {
    const s = v.trim();
    if (!s) return {};
    return /^\d+$/.test(s) ? { id: Number(s), code: s, name: s } : { code: s, name: s };
  }
  const out: { id?: number; code?: string; name?: string } = {};
  if (v.id !== undefined && v.id !== null && String(v.id).trim() !== '' && /^\d+$/.test(String(v.id).trim())) out.id = Number(v.id);
  if (v.code !== undefined && v.code !== null && String(v.code).trim() !== '') out.code = String(v.code).trim();
  const name = text(v.name) || text(v.group_name) || text(v.description);
  if (name) out.name = name;
  return out;
}
export const refGiven = (v: RefValue | undefined): boolean => {
  const p = refParts(v);
  return p.id !== undefined || p.code !== undefined || p.name !== undefined;
};

/** The one URL rule of the wizard, the form's too (contract/urls.ts). */
export const isUrl = (s: string): boolean => isPublicWebUrl(s, { allowPrivate: privateUrlsAllowed() });

/** A choice '0' / '1' / '2' (numbers too); left out: '0'. */
export const choice = (v: unknown): string | null => (v === undefined ? '0' : v === null || v === '' ? null : String(v));

/** The kind: given, else from study_type_id (and the in-context site for type 5). */
export function kindOf(b: CreateStudyBody): StudyKind {
  if (b.study_kind && (STUDY_KINDS as readonly string[]).includes(b.study_kind)) return b.study_kind;
  const t = refParts(b.study_type_id);
  const code = t.code ?? (t.id !== undefined ? String(t.id) : undefined);
  const byCode = Object.entries(KIND_TYPE_CODE).find(([k, c]) => c === code && k !== 'video' && k !== 'vast' && k !== 'generic');
  if (code === '5') return refParts(b.incontext_site).code === 'yt' ? 'video' : 'social';
  return (byCode?.[0] as StudyKind | undefined) ?? 'generic';
}

/** Whether a study type reference (code, else id) is one another wizard sets up (contract SPECIALISED_TYPE_KINDS). */
export function specialisedType(t: { id?: number; code?: string }): boolean {
  const code = t.code ?? (t.id !== undefined ? String(t.id) : undefined);
  return code !== undefined && Object.hasOwn(SPECIALISED_TYPE_KINDS, code);
}

// ---- rule helpers ----------------------------------------------------------------------------------

function requiredText(e: Errors, field: string, v: unknown, max: number, tooLong: string = M.tooLong): string {
  const s = text(v);
  if (!s) e[field] = M.required;
  else if (s.length > max) e[field] = tooLong;
  return s;
}
function optionalText(e: Errors, field: string, v: unknown, max: number): string {
  const s = text(v);
  if (s.length > max) e[field] = M.tooLong;
  return s;
}
function requiredUrl(e: Errors, field: string, v: unknown, max: number): string {
  const s = text(v);
  if (!s) e[field] = M.required;
  else if (s.length > max) e[field] = M.tooLong;
  else if (!isUrl(s)) e[field] = M.url;
  return s;
}

// ---- steps -----------------------------------------------------------------------------------------

export function basicRules(b: CreateStudyBody, kind: StudyKind, e: Errors): void {
  requiredText(e, 'name', b.name ?? '', L.name, M.nameTooLong);
  if (b.environment_id !== undefined) {
    const env = refParts(b.environment_id);
    const code = Number(env.code ?? env.id);
    if (!refGiven(b.environment_id) || !Number.isFinite(code) || code < 1) e.environment_id = M.environment;
  }
  for (const [f, alt] of [['language', 'language_id'], ['project_location', 'project_location_id']] as const) {
    const v = b[f] !== undefined ? b[f] : b[alt];
    if (v !== undefined && !refGiven(v)) e[f] = M.required;
  }
  // The custom study may not choose a type another wizard sets up (by code or id; a type named is
  // checked once the route has looked it up: specialisedType).
  if (kind === 'generic' && specialisedType(refParts(b.study_type_id))) e.study_type_id = M.ownWizard;
  // The quick study has one cell whatever is sent (§2.2: its Basic Details have no cells).
  const n = kind === 'quick' ? undefined : b.number_of_cells;
  if (n !== undefined) {
    if (n === null || n === '') e.number_of_cells = M.required;
    else if (!Number.isFinite(Number(n))) e.number_of_cells = M.number;
    else if (!Number.isInteger(Number(n)) || Number(n) < L.cellsMin || Number(n) > L.cellsMax) e.number_of_cells = `Between ${L.cellsMin} and ${L.cellsMax}`;
  }
  const p = b.panel_size;
  if (p !== undefined) {
    if (p === null || p === '') e.panel_size = M.required;
    else if (!Number.isFinite(Number(p))) e.panel_size = M.number;
    else if (Number(p) < L.panelMin || Number(p) > L.panelMax || Number(p) % L.panelStep !== 0) e.panel_size = `Between ${L.panelMin} and ${L.panelMax} in steps of ${L.panelStep}`;
  }
}

export function questionRules(b: CreateStudyBody, e: Errors): void {
  const screening = choice(b.demographic_survey_or_lumen_questions);
  if (screening === null) e.demographic_survey_or_lumen_questions = M.required;
  if (screening === '1') {
    requiredUrl(e, 'demographic_survey_url', b.demographic_survey_url, L.url);
    requiredText(e, 'demographic_survey_insert_parameter', b.demographic_survey_insert_parameter, L.insertParameter);
  }
  if (screening === '2' && !refGiven(b.pre_assign_question_group)) e.pre_assign_question_group = M.required;
  const post = choice(b.include_external_survey);
  if (post === null) e.include_external_survey = M.required;
  if (post === '1') {
    requiredUrl(e, 'external_survey_step_url', b.external_survey_step_url, L.url);
    requiredText(e, 'external_survey_step_insert_parameter', b.external_survey_step_insert_parameter, L.insertParameter);
  }
}

export function panelRules(b: CreateStudyBody, e: Errors): void {
  const c = choice(b.include_panel_details);
  if (c === null) e.include_panel_details = M.required;
  if (c === '1') {
    requiredText(e, 'panel_code', b.panel_code, L.panelCode);
    requiredUrl(e, 'panel_success', b.panel_success, L.successUrl);
    requiredUrl(e, 'panel_screen', b.panel_screen, L.url);
    requiredUrl(e, 'panel_quotafull', b.panel_quotafull, L.url);
    requiredText(e, 'panel_insert_param', b.panel_insert_param, L.insertParameter);
  }
  if (c === '2') requiredUrl(e, 'panel_success', b.panel_success, L.successUrl);
}

type StimRowIn = NonNullable<NonNullable<CreateStudyBody['cachepage_stim_list']>[number]['stim_list']>[number];
type PageRowIn = NonNullable<CreateStudyBody['cachepage_stim_list']>[number];
const blankStim = (r: StimRowIn) => !text(r.stim_url) && !refGiven(r.brand_id) && !refGiven(r.ad_type_id);
const blankPage = (p: PageRowIn) => !text(p.cachepage_url) && (p.stim_list ?? []).every(blankStim);

/** The rows that count: the form's trailing blank row (appended when the last is touched) is not one. */
export function pagesOf(b: CreateStudyBody): { url: string; stims: StimRowIn[] }[] {
  const pages = [...(b.cachepage_stim_list ?? [])];
  while (pages.length && blankPage(pages[pages.length - 1])) pages.pop();
  return pages.map((p) => {
    const stims = [...(p.stim_list ?? [])];
    while (stims.length > 1 && blankStim(stims[stims.length - 1])) stims.pop();
    return { url: text(p.cachepage_url), stims };
  });
}

export function webPageRules(b: CreateStudyBody, e: Errors): void {
  const pages = pagesOf(b);
  if (!pages.length) {
    e.cachepage_stim_list = M.required;
    return;
  }
  pages.forEach((p, i) => {
    const at = `cachepage_stim_list.${i}`;
    requiredUrl(e, `${at}.cachepage_url`, p.url, L.url);
    const stims = p.stims.length ? p.stims : [{}];
    stims.forEach((s, j) => {
      const sat = `${at}.stim_list.${j}`;
      const missing = j === 0 ? M.firstStim : M.required;
      const url = text(s.stim_url);
      if (!url) e[`${sat}.stim_url`] = missing;
      else if (url.length > L.url) e[`${sat}.stim_url`] = M.tooLong;
      else if (!isUrl(url)) e[`${sat}.stim_url`] = M.url;
      if (!refGiven(s.brand_id)) e[`${sat}.brand_id`] = missing;
      if (!refGiven(s.ad_type_id)) e[`${sat}.ad_type_id`] = missing;
    });
  });
}

export function richMediaRules(b: CreateStudyBody, e: Errors): void {
  requiredUrl(e, 'incontext_primary_site', b.incontext_primary_site, L.url);
  requiredUrl(e, 'incontext_distraction_site', b.incontext_distraction_site, L.url);
  requiredText(e, 'stim_script', b.stim_script, L.stimScript);
  if (!refGiven(b.brand_id)) e.brand_id = M.required;
}

export function videoRules(b: CreateStudyBody, e: Errors): void {
  if (b.incontext_site !== undefined && !refParts(b.incontext_site).code && refParts(b.incontext_site).id === undefined) e.incontext_site = M.required;
  requiredUrl(e, 'stim_url', b.stim_url, L.url);
  if (!refGiven(b.brand_id)) e.brand_id = M.required;
}

/** The social study's platform and ad type as the form chose them (null parts when not chosen). */
export function socialChoiceOf(b: CreateStudyBody): {
  platform: SocialPlatform | null; siteCode: string | null; adType: SocialAdType | null; newSystem: boolean;
} {
  const site = refParts(b.incontext_site);
  const found = socialSiteOf(site.code ?? site.name);
  const newSystem = b.is_new_social_system === true || (found?.newSystemSite ?? false);
  const platform = found?.platform ?? null;
  // D3-078: under the new system Facebook and Instagram run on rfb / rin.
  const siteCode = platform ? (newSystem ? NEW_SOCIAL_SYSTEM_SITES[platform] ?? platform : platform) : null;
  const ad = refParts(b.ad_type as RefValue | undefined);
  return { platform, siteCode, adType: socialAdTypeOf(ad.code ?? ad.name), newSystem };
}

/** §5 Social, per platform and ad type (D3-092…D3-102). Field rules need both chosen. */
export function socialRules(b: CreateStudyBody, e: Errors): void {
  const { platform, adType, newSystem } = socialChoiceOf(b);
  if (!platform) e.incontext_site = M.required;
  // An ad type the platform does not offer (or Facebook watch under the new system, which hides it) is not a choice.
  if (!adType || (platform && !SOCIAL_PLATFORM_AD_TYPES[platform].includes(adType)) || (newSystem && platform === 'fb' && adType === 'watch')) {
    e.ad_type = M.chooseAd;
  }
  if (!platform || e.ad_type) return;
  requiredUrl(e, 'stim_url', b.stim_url, L.url);
  const promoted = b.promoted !== false;
  const fbBasic = () => {
    requiredText(e, 'fb_channel_name', b.fb_channel_name, L.profileName);
    requiredUrl(e, 'fb_profile_src', b.fb_profile_src, L.urlShort);
    requiredText(e, 'fb_description', b.fb_description, L.urlShort);
  };
  const profileStory = () => {
    requiredUrl(e, 'fb_profile_src', b.fb_profile_src, L.url);
    requiredText(e, 'fb_channel_name', b.fb_channel_name, L.profileName);
  };
  if (platform === 'fb' && adType === 'standard') {
    fbBasic();
    if (promoted) {
      requiredText(e, 'fb_promoted_description', b.fb_promoted_description, L.fbHeadline);
      requiredText(e, 'fb_promoted_description2', b.fb_promoted_description2, Infinity);
      requiredUrl(e, 'fb_promoted_domain', b.fb_promoted_domain, L.profileName);
    }
  }
  if (platform === 'fb' && adType === 'story') {
    profileStory();
    optionalText(e, 'fb_call_to_action', b.fb_call_to_action, L.profileName);
  }
  if (platform === 'fb' && adType === 'watch' && !e.stim_url && !endsInMp4(b.stim_url)) e.stim_url = M.mp4;
  if (platform === 'vk' && adType === 'standard') fbBasic();
  if (platform === 'vk' && adType === 'story') profileStory();
  if (platform === 'in') {
    requiredUrl(e, 'in_profile_src', b.in_profile_src, L.urlShort);
    requiredText(e, 'in_channel_name', b.in_channel_name, L.profileName);
    if (adType === 'standard') optionalText(e, 'in_description', b.in_description, L.urlShort);
  }
  if (platform === 'sc') {
    requiredText(e, 'sc_channel_name', b.sc_channel_name, L.profileName);
    if (!text(b.sc_cta)) e.sc_cta = M.required;
    requiredText(e, 'sc_description', b.sc_description, L.urlShort);
    requiredText(e, 'sc_promo_text', b.sc_promo_text, L.scPromoText);
    requiredText(e, 'sc_promo_desc', b.sc_promo_desc, L.scPromoDesc);
    optionalText(e, 'sc_promo_top', b.sc_promo_top, L.scPromoDesc);
    const r = b.sc_promo_rating;
    if (r !== undefined && r !== null && r !== '' && !Number.isFinite(Number(r))) e.sc_promo_rating = M.number;
  }
  if (platform === 'pin') {
    requiredUrl(e, 'pn_profile_src', b.pn_profile_src, L.url);
    if (!text(b.pn_type)) e.pn_type = M.required;
    requiredText(e, 'pn_stim_profile', b.pn_stim_profile, Infinity);
    requiredText(e, 'pn_stim_title', b.pn_stim_title, Infinity);
  }
  if (platform === 'tt') {
    requiredUrl(e, 'tt_profile_src', b.tt_profile_src, L.url);
    for (const f of ['tt_profile_name', 'tt_desc', 'tt_song_name', 'tt_promo_text'] as const) requiredText(e, f, b[f], Infinity);
  }
}

/**
 * §5 Embedded (D3-108, D3-109): one URL per cell, each valid, at most 512, required. The form keeps
 * the list as long as the cells; rows past the last cell are cut (not checked), a missing row is an
 * empty URL ('Required'). A bad cell count is the basic rule's error alone.
 */
export function embeddedRules(b: CreateStudyBody, e: Errors): void {
  const n = b.number_of_cells === undefined ? 1 : Number(b.number_of_cells);
  if (!Number.isInteger(n) || n < L.cellsMin || n > L.cellsMax) return;
  const list = b.embedded_page_list ?? [];
  for (let i = 0; i < n; i++) requiredUrl(e, `embedded_page_list.${i}.url`, list[i]?.url, L.url);
}

export function quickRules(b: CreateStudyBody, e: Errors): void {
  const steps = b.quick_step_list ?? [];
  if (!steps.length) e.quick_step_list = M.required;
  steps.forEach((s, i) => {
    requiredUrl(e, `quick_step_list.${i}.url`, s.url, L.url);
    optionalText(e, `quick_step_list.${i}.insert_parameter`, s.insert_parameter, L.insertParameter);
  });
  const t = b.quick_task_data ?? {};
  if (t.panelist_role_id !== undefined && !refGiven(t.panelist_role_id)) e['quick_task_data.panelist_role_id'] = M.required;
  if (t.panel_id !== undefined && !refGiven(t.panel_id)) e['quick_task_data.panel_id'] = M.required;
  requiredText(e, 'quick_task_data.short_description', t.short_description, L.shortDescription);
  if (t.reward === undefined || t.reward === null || t.reward === '') e['quick_task_data.reward'] = M.required;
  else if (!Number.isFinite(Number(t.reward))) e['quick_task_data.reward'] = M.number;
  // The start and expiry dates are submitted as YYYY-MM-DD HH:mm:ss (§3); the form may leave them empty.
  for (const f of ['start_date', 'expiry_date'] as const) {
    if (parseFormDate(t[f]) === undefined) e[`quick_task_data.${f}`] = `Use ${CREATE_DATE_FORMAT}`;
  }
}

/** Every rule of the kind's steps; empty when the values pass. */
export function validateCreate(b: CreateStudyBody, kind: StudyKind = kindOf(b)): Errors {
  const e: Errors = {};
  basicRules(b, kind, e);
  if (kind === 'quick') {
    quickRules(b, e);
    return e;
  }
  if (kind === 'embedded') {
    panelRules(b, e);
    embeddedRules(b, e);
    return e;
  }
  questionRules(b, e);
  panelRules(b, e);
  if (kind === 'web_page') webPageRules(b, e);
  if (kind === 'rich_media') richMediaRules(b, e);
  if (kind === 'video' || kind === 'vast') videoRules(b, e);
  if (kind === 'social') socialRules(b, e);
  return e;
}

/** 'YYYY-MM-DD HH:mm:ss' (the wizard's), 'YYYY-MM-DD' or ISO; '' / null → null; garbage → undefined. */
export function parseFormDate(v: unknown): Date | null | undefined {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(v.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const date = zone ? new Date(v.trim().replace(' ', 'T')) : new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 2200) return undefined;
  if (!zone && (date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59)) return undefined;
  return date;
}
