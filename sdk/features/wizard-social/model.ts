// The Social Page Setup's model (spec D3 §2.5, §3 social fields, §9): which platform and ad type
// the form holds, what choosing another one resets, which fields each form asks for (the form and
// the review read the same list), Snapchat's 15-second sections and how third-party media may be
// shown. Pure: no React, so the rules are unit-tested in jsdom and reused by the previews.
import {
  CALL_TO_ACTIONS, NEW_SOCIAL_SYSTEM_SITES, PINTEREST_TYPES, PROMOTED_PLATFORMS, SOCIAL_DEFAULT, SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_AD_TYPES, SOCIAL_PLATFORM_NAMES, endsInMp4, socialAdTypeOf, socialSiteOf, type SocialAdType, type SocialPlatform,
} from '../../core/api/study-create';
import { isWebUrl } from '../wizard-schemas/url';
import { socialDefaults, type Choice, type WizardValues } from '../wizard-schemas/values';

export { SOCIAL_PLATFORMS, SOCIAL_PLATFORM_NAMES };
export type { SocialAdType, SocialPlatform };

/** The ad type picker's words per platform (Facebook's 'watch' is the 'Watch feed' of §2.5). */
export const AD_TYPE_LABELS: Record<SocialPlatform, Partial<Record<SocialAdType, string>>> = {
  fb: { standard: 'Feed', story: 'Story', watch: 'Watch feed' },
  vk: { standard: 'Feed', story: 'Story' },
  in: { standard: 'Feed', story: 'Story' },
  sc: { standard: 'Standard' },
  pin: { standard: 'Standard' },
  tt: { standard: 'Standard' },
};

/** D3-081, D3-082: the mobile preview's size and the aspect stories and commercials should have. */
export const MOBILE_PREVIEW = { width: 375, height: 667 } as const;
export const STORY_ASPECT_HINT = '9 x 16 is the recommended aspect for stories and commercials.';
/** D3-083: Snapchat content is split into sections of this many seconds. */
export const SNAPCHAT_SECTION_SECONDS = 15;

export interface SocialChoice { platform: SocialPlatform; adType: SocialAdType; newSystem: boolean }

/** The platform and ad type the form holds (the defaults, Facebook standard, when it holds none). */
export function choiceOf(v: Pick<WizardValues, 'incontext_site' | 'ad_type' | 'is_new_social_system'>): SocialChoice {
  const site = socialSiteOf(v.incontext_site?.code);
  const platform = site?.platform ?? SOCIAL_DEFAULT.platform;
  const adType = socialAdTypeOf(v.ad_type) ?? SOCIAL_DEFAULT.adType;
  return { platform, adType, newSystem: v.is_new_social_system === true || (site?.newSystemSite ?? false) };
}

/** D3-077: the ad types offered; under the new social system Facebook has no 'Watch feed'. */
export function adTypesOffered(platform: SocialPlatform, newSystem: boolean): SocialAdType[] {
  return SOCIAL_PLATFORM_AD_TYPES[platform].filter((t) => !(newSystem && platform === 'fb' && t === 'watch'));
}

/** D3-078: the in-context site of a platform — rfb / rin for Facebook / Instagram under the new system. */
export function siteOf(platform: SocialPlatform, newSystem: boolean): Choice {
  return { code: (newSystem ? NEW_SOCIAL_SYSTEM_SITES[platform] : undefined) ?? platform, description: SOCIAL_PLATFORM_NAMES[platform] };
}

/**
 * D3-075: choosing a platform or an ad type resets the form to blank platform defaults (the ad URL
 * too) but keeps the new-social-system flag. An ad type the platform does not offer falls back to
 * its first one.
 */
export function choosePatch(v: Pick<WizardValues, 'is_new_social_system'>, platform: SocialPlatform, adType: SocialAdType): Partial<WizardValues> {
  const newSystem = v.is_new_social_system === true;
  const offered = adTypesOffered(platform, newSystem);
  const type = offered.includes(adType) ? adType : offered[0];
  return { ...socialDefaults(), stim_url: '', is_new_social_system: newSystem, ad_type: type, incontext_site: siteOf(platform, newSystem) };
}

/** D3-076, D3-078: switching the new social system; 'watch' selected when it goes on → Facebook standard. */
export function newSystemPatch(v: Pick<WizardValues, 'incontext_site' | 'ad_type' | 'is_new_social_system'>, on: boolean): Partial<WizardValues> {
  const { platform, adType } = choiceOf(v);
  if (on && adType === 'watch') return choosePatch({ is_new_social_system: true }, 'fb', 'standard');
  return { is_new_social_system: on, incontext_site: siteOf(platform, on) };
}

/** D3-079: promoted options exist for Facebook and Instagram feeds; shown only while promoted is on. */
export const promotable = (c: SocialChoice): boolean => PROMOTED_PLATFORMS.includes(c.platform) && c.adType === 'standard';
/** D3-080: the sound toggle only for an ad URL that ends in mp4. */
export const soundToggleShown = (stimUrl: string): boolean => endsInMp4(stimUrl);
/** D3-083: Snapchat is mobile only (the other previews offer desktop and mobile). */
export const mobileOnly = (c: SocialChoice): boolean => c.platform === 'sc';

export type FieldKind = 'url' | 'text' | 'textarea' | 'select' | 'rating';
export type SocialFieldName = Exclude<keyof ReturnType<typeof socialDefaults>, 'ad_type' | 'is_new_social_system' | 'has_sound' | 'promoted'> | 'stim_url';
export interface FieldSpec {
  name: SocialFieldName;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  hint?: string;
  optional?: boolean;
}

const cta = CALL_TO_ACTIONS.map((c) => ({ value: c, label: c }));
const f = (name: SocialFieldName, label: string, kind: FieldKind = 'text', more: Partial<FieldSpec> = {}): FieldSpec => ({ name, label, kind, ...more });
const story = (c: SocialChoice) => c.adType === 'story' || c.platform === 'sc' || c.platform === 'tt';

/** The ad URL field: every form has it; stories and commercials get the 9 x 16 hint. */
function adUrl(c: SocialChoice): FieldSpec {
  const watch = c.platform === 'fb' && c.adType === 'watch';
  return f('stim_url', watch ? 'Video ad URL (mp4)' : 'Ad URL (image or video)', 'url', story(c) || watch ? { hint: STORY_ASPECT_HINT } : {});
}

/**
 * The fields of one platform and ad type (§3), in form order, before and after the promoted
 * switch. `promoted` lists the promoted options, asked only while promoted is on.
 */
export function fieldsOf(c: SocialChoice): { fields: FieldSpec[]; promoted: FieldSpec[] } {
  const url = adUrl(c);
  const fbProfile = [f('fb_profile_src', 'Profile picture URL', 'url'), f('fb_channel_name', c.platform === 'vk' ? 'Profile name' : 'Channel name')];
  switch (c.platform) {
    case 'fb':
      if (c.adType === 'watch') return { fields: [url], promoted: [] };
      if (c.adType === 'story') return { fields: [url, ...fbProfile, f('fb_call_to_action', 'Call to action', 'text', { optional: true })], promoted: [] };
      return {
        fields: [url, ...fbProfile, f('fb_description', 'Description', 'textarea')],
        promoted: [
          f('fb_promoted_description', 'Headline'), f('fb_promoted_description2', 'Subheading'),
          f('fb_promoted_domain', 'Domain URL', 'url'), f('fb_promoted_button_text', 'Button text', 'select', { options: cta }),
        ],
      };
    case 'vk':
      return { fields: c.adType === 'story' ? [url, ...fbProfile] : [url, ...fbProfile, f('fb_description', 'Description', 'textarea')], promoted: [] };
    case 'in': {
      const base = [url, f('in_profile_src', 'Profile picture URL', 'url'), f('in_channel_name', 'Channel name')];
      if (c.adType === 'story') return { fields: [...base, f('in_call_to_action', 'Call to action', 'select', { options: cta })], promoted: [] };
      return {
        fields: [...base, f('in_description', 'Description', 'textarea', { optional: true })],
        promoted: [f('in_promoted_button_text', 'Button text', 'select', { options: cta })],
      };
    }
    case 'sc':
      return {
        fields: [
          url, f('sc_profile_src', 'Profile picture URL', 'url', { optional: true }), f('sc_channel_name', 'Channel name'),
          f('sc_description', 'Description', 'textarea'), f('sc_cta', 'Call to action', 'select', { options: cta }),
          f('sc_promo_text', 'Promo text'), f('sc_promo_desc', 'Promo description'), f('sc_promo_top', 'Promo top line', 'text', { optional: true }),
          f('sc_promo_rating', 'Rating (0 to 5 stars)', 'rating'),
        ],
        promoted: [],
      };
    case 'pin':
      return {
        fields: [
          url, f('pn_type', 'Pin type', 'select', { options: Object.entries(PINTEREST_TYPES).map(([value, label]) => ({ value, label })) }),
          f('pn_stim_title', 'Pin title'), f('pn_profile_src', 'Profile picture URL', 'url'), f('pn_stim_profile', 'Profile name'),
        ],
        promoted: [],
      };
    case 'tt':
      return {
        fields: [
          url, f('tt_profile_src', 'Profile picture URL', 'url'), f('tt_profile_name', 'Profile name'), f('tt_desc', 'Description', 'textarea'),
          f('tt_song_name', 'Song name'), f('tt_promo_text', 'Call to action'),
        ],
        promoted: [],
      };
  }
}

/** The Review step's rows of the Social Page Setup (the fields of the chosen form, as asked). */
export function reviewRows(v: WizardValues): [string, unknown][] {
  const c = choiceOf(v);
  const { fields, promoted } = fieldsOf(c);
  const label = (s: FieldSpec, value: unknown): [string, unknown] => [s.label, s.options?.find((o) => o.value === value)?.label ?? value];
  const rows: [string, unknown][] = [
    ['Platform', `${SOCIAL_PLATFORM_NAMES[c.platform]} (${v.incontext_site?.code ?? c.platform})`],
    ['Ad type', AD_TYPE_LABELS[c.platform][c.adType] ?? c.adType],
    ['New social system', c.newSystem ? 'Yes' : 'No'],
    ...fields.map((s) => label(s, v[s.name])),
  ];
  if (soundToggleShown(v.stim_url)) rows.push(['Sound', v.has_sound ? 'On' : 'Off']);
  if (promotable(c)) {
    rows.push(['Promoted', v.promoted ? 'Yes' : 'No']);
    if (v.promoted) rows.push(...promoted.map((s) => label(s, v[s.name])));
  }
  return rows;
}

/** D3-083: the 15-second sections of Snapchat content of `seconds` (an image, or an unknown length, is one). */
export function snapSections(seconds: number | null | undefined): { start: number; end: number }[] {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : SNAPCHAT_SECTION_SECONDS;
  const out: { start: number; end: number }[] = [];
  for (let start = 0; start < total; start += SNAPCHAT_SECTION_SECONDS) out.push({ start, end: Math.min(start + SNAPCHAT_SECTION_SECONDS, total) });
  return out;
}

/** '0:15' for 15 seconds. */
export const clock = (s: number): string => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * How a third-party media URL may be shown without running its script in our page: images as
 * <img>, videos as <video>, anything else (an HTML5 ad) in an iframe sandboxed with no
 * permissions at all; not http(s) (javascript:, data:, a bare word) → nothing.
 */
export function mediaKind(url: string | null | undefined): 'image' | 'video' | 'frame' | null {
  const u = (url ?? '').trim();
  if (!isWebUrl(u)) return null;
  const path = u.replace(/[?#].*$/, '');
  if (/\.(mp4|m4v|webm|ogv|mov)$/i.test(path) || endsInMp4(u)) return 'video';
  if (/\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i.test(path)) return 'image';
  return 'frame';
}

/** A profile picture URL we may load as an image (http(s) only). */
export const safeImage = (url: string | null | undefined): string | null => (isWebUrl((url ?? '').trim()) ? (url ?? '').trim() : null);

/** D3-088: the Snapchat rating as five stars (whole stars, 0–5). */
export function ratingStars(rating: unknown): { full: number; text: string } {
  const n = Math.round(Math.min(5, Math.max(0, Number(rating) || 0)));
  return { full: n, text: `${'★'.repeat(n)}${'☆'.repeat(5 - n)}` };
}
