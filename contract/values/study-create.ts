// TypeBox-free values of contract/study-create.ts: the limits, words and closed sets the SDK needs at run
// time. The schemas of ../study-create.ts are built from them and re-export them, so the server and
// OpenAPI read the same values; a browser bundle that imports these carries no schema and no
// TypeBox (issue 40 item 3; tests/lint/contract-values.test.mjs keeps it so). No imports but
// other files of this folder.

// ---- kinds and routes (resolution 24) -------------------------------------------------------------

export const STUDY_KINDS = ['generic', 'web_page', 'rich_media', 'video', 'vast', 'social', 'quick', 'embedded'] as const;
export type StudyKind = (typeof STUDY_KINDS)[number];

/** The wizard route (under /create-study/) of each kind. */
export const KIND_ROUTES: Record<StudyKind, string> = {
  generic: 'custom-study',
  web_page: 'digital-ad-test',
  social: 'social-media-study',
  video: 'YouTube-study',
  vast: 'vast-ad-test',
  rich_media: 'digital-rich-study',
  quick: 'Lumen-panel-setup',
  embedded: 'embedded-study',
};
export const kindOfRoute = (route: string): StudyKind | null =>
  (Object.entries(KIND_ROUTES).find(([, r]) => r === route)?.[0] as StudyKind | undefined) ?? null;

/** study_type codes (lookup study_type) per kind; generic defaults to code '0' but may choose. */
export const KIND_TYPE_CODE: Record<StudyKind, string> = {
  generic: '0', web_page: '8', rich_media: '7', video: '5', vast: '5', social: '5', quick: '4', embedded: '10',
};
/** After creation these study types go to the order confirmation, the others to the board (§4). */
export const THANK_YOU_TYPES = [4, 5, 7, 8, 10] as const;
export const afterCreatePath = (studyTypeId: number, studyId: number): string =>
  (THANK_YOU_TYPES as readonly number[]).includes(studyTypeId)
    ? `/my_studies/overview/${studyId}/thank_you`
    : `/my_studies/overview/${studyId}/cell_step_management`;

// ---- limits and words (§5, §9) ---------------------------------------------------------------------

export const CREATE_LIMITS = {
  name: 100,
  url: 512,
  urlShort: 511,
  successUrl: 200,
  panelCode: 50,
  insertParameter: 50,
  stimScript: 3000,
  profileName: 50,
  fbHeadline: 26,
  scPromoText: 25,
  scPromoDesc: 50,
  shortDescription: 512,
  cellsMin: 1,
  cellsMax: 20,
  panelMin: 100,
  panelMax: 1000,
  panelStep: 10,
  /** Free-text advanced settings (not a spec limit: a sanity bound). */
  advancedText: 5000,
} as const;

export const CREATE_MESSAGES = {
  required: 'Required',
  url: 'Must be a valid URL',
  tooLong: 'Too long',
  /** The study name's own (as on edit-details). */
  nameTooLong: 'Too Long!',
  number: 'Must be a number',
  mp4: 'Must be an mp4',
  chooseAd: 'Required, please choose an ad',
  environment: 'Environment required',
  firstStim: 'At least 1 stim required',
  /** The custom study choosing a type another wizard sets up (issue 35 item 7). */
  ownWizard: 'This study type has its own wizard: choose it on the Create Study page',
} as const;

/** '0' none, '1' own survey, '2' product question set. */
export const SURVEY_CHOICES = ['0', '1', '2'] as const;
/** '0' none, '1' panel details, '2' basic redirect. */
export const PANEL_CHOICES = ['0', '1', '2'] as const;
/** The basic redirect's panel (§4): type 1, code rd. */
export const BASIC_REDIRECT_CODE = 'rd';
export const PANEL_SECONDS_DEFAULT = -1;
/** Submitted dates (§3, §9). */
export const CREATE_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const ADVANCED_FIELDS = [
  'notes', 'objective', 'brief', 'methodology', 'study_duration', 'decision_to_inform', 'incentive',
  'proposal_signoff_date', 'proposed_data_collection_start', 'proposed_data_collection_end', 'debrief_date',
] as const;
export const ADVANCED_DATES = ['proposal_signoff_date', 'proposed_data_collection_start', 'proposed_data_collection_end', 'debrief_date'] as const;

/** 'Lumen Panel Data' defaults (§2.7, D3-105): panelist role 1, panel 1, reward 100. */
export const QUICK_DEFAULTS = { panelistRoleId: 1, panelId: 1, reward: 100 } as const;
/** Kinds only a super user may create (§2.1, §6; resolution 24: Lumen-panel-setup). */
export const SUPER_USER_KINDS: readonly StudyKind[] = ['quick', 'rich_media'];
export const SUPER_USER_ONLY_MESSAGE = 'Only super users can create this study';
/**
 * Study types another wizard sets up, with the kinds (wizards) that make them: the custom study may
 * not choose them, since it would create the type without its pages, ad or URLs (an empty study
 * of that type). The custom study's own type is code '0'.
 */
export const SPECIALISED_TYPE_KINDS: Readonly<Record<string, readonly StudyKind[]>> = {
  '4': ['quick'], '5': ['social', 'video', 'vast'], '7': ['rich_media'], '8': ['web_page'], '10': ['embedded'],
};

// ---- social ad test (§2.5, §3 type-specific fields, §5 Social, §9) ----------------------------------

/** The platforms of the social ad test and their in-context site codes (D3-074). */
export const SOCIAL_PLATFORMS = ['fb', 'vk', 'in', 'sc', 'pin', 'tt'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORM_NAMES: Record<SocialPlatform, string> = {
  fb: 'Facebook', vk: 'VK', in: 'Instagram', sc: 'Snapchat', pin: 'Pinterest', tt: 'TikTok',
};
/**
 * The ad types each platform offers. 'standard' is the feed ad (§5 'Facebook feed'; 'feed' is read
 * as 'standard'); Snapchat, Pinterest and TikTok have one form each (Pinterest's pn_type picks
 * standard or full width).
 */
export const SOCIAL_AD_TYPES = ['standard', 'story', 'watch'] as const;
export type SocialAdType = (typeof SOCIAL_AD_TYPES)[number];
export const SOCIAL_PLATFORM_AD_TYPES: Record<SocialPlatform, readonly SocialAdType[]> = {
  fb: ['standard', 'story', 'watch'], vk: ['standard', 'story'], in: ['standard', 'story'],
  sc: ['standard'], pin: ['standard'], tt: ['standard'],
};
/** D3-073: Facebook, standard. */
export const SOCIAL_DEFAULT: { platform: SocialPlatform; adType: SocialAdType } = { platform: 'fb', adType: 'standard' };
/** D3-077, D3-078: under the new social system Facebook and Instagram use these sites and Facebook 'watch' is not offered. */
export const NEW_SOCIAL_SYSTEM_SITES: Partial<Record<SocialPlatform, string>> = { fb: 'rfb', in: 'rin' };
/** §9: call-to-action options (fb_promoted_button_text, in_promoted_button_text, in_call_to_action, sc_cta). */
export const CALL_TO_ACTIONS = ['Shop now', 'Learn more'] as const;
export const CALL_TO_ACTION_DEFAULT = 'Learn more';
/** §3, §9: Pinterest pn_type. */
export const PINTEREST_TYPES = { s: 'Standard', m: 'Full width' } as const;
/** D3-088: the Snapchat rating line after the stars. */
export const SNAPCHAT_RATING_TEXT = '42K Ratings';

/** The platform (and whether the new social system's site was named) of an in-context site code; null when not a social site. */
export function socialSiteOf(code: string | undefined | null): { platform: SocialPlatform; newSystemSite: boolean } | null {
  const c = (code ?? '').trim().toLowerCase();
  if ((SOCIAL_PLATFORMS as readonly string[]).includes(c)) return { platform: c as SocialPlatform, newSystemSite: false };
  const found = Object.entries(NEW_SOCIAL_SYSTEM_SITES).find(([, site]) => site === c);
  return found ? { platform: found[0] as SocialPlatform, newSystemSite: true } : null;
}
/** An ad type value ('standard', 'story', 'watch'; 'feed' → 'standard'); null when none of them. */
export function socialAdTypeOf(v: string | undefined | null): SocialAdType | null {
  const c = (v ?? '').trim().toLowerCase();
  if (c === 'feed') return 'standard';
  return (SOCIAL_AD_TYPES as readonly string[]).includes(c) ? (c as SocialAdType) : null;
}
/** §2.5, §5: 'ends in mp4' — the sound toggle and Facebook watch's rule ('Must be an mp4'). */
export const endsInMp4 = (url: string | null | undefined): boolean => /mp4$/i.test((url ?? '').trim());

// ---- video ad addresses (issue 35 item 7) -----------------------------------------------------------

/** A video file by its extension (the path, before any query or fragment), streaming manifests included. */
const VIDEO_FILE_PATH = /\.(mp4|m4v|webm|mov|ogv|ogg|mkv|avi|wmv|flv|3gp|m3u8|mpd)$/i;
/**
 * Video hosts: a link to one of their watch, embed or player pages is a video ad, whatever the path
 * ends in (a YouTube ad arrives as https://www.youtube.com/watch?v=…). Matched on the host and its
 * subdomains (m., www., player.).
 */
export const VIDEO_HOSTS = [
  'youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'dailymotion.com', 'dai.ly', 'twitch.tv',
  'wistia.com', 'wistia.net', 'vidyard.com', 'brightcove.net', 'brightcove.com', 'jwplayer.com', 'jwplatform.com',
  'streamable.com', 'loom.com', 'vidazoo.com', 'tiktok.com', 'rumble.com', 'bitchute.com',
] as const;
/** Pages of general sites that are video pages (Facebook watch / videos, Instagram reels, X / Twitter video). */
const VIDEO_PAGE_PATH: [RegExp, RegExp][] = [
  [/(^|\.)facebook\.com$/, /^\/(watch|reel|[^/]+\/videos)(\/|$)/i],
  [/(^|\.)fb\.watch$/, /^\//],
  [/(^|\.)instagram\.com$/, /^\/(reel|reels|tv)\//i],
];

/**
 * Whether an ad address is a video (stim type 'v'): a video file by its extension, or a page of a
 * video host (YouTube, Vimeo, …). The one rule the server classifies wizard stims with; the SDK may
 * show the same classification before the call.
 */
export function isVideoAdUrl(url: string | null | undefined): boolean {
  let u: URL;
  try {
    u = new URL((url ?? '').trim());
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  let path = u.pathname;
  try { path = decodeURIComponent(path); } catch { /* keep it encoded */ }
  if (VIDEO_FILE_PATH.test(path)) return true;
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (VIDEO_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) return true;
  return VIDEO_PAGE_PATH.some(([h, p]) => h.test(host) && p.test(u.pathname));
}

/** The video's host as people name it ('YouTube', 'Vimeo'), null for a file or an unknown host. */
export function videoHostName(url: string | null | undefined): string | null {
  let host: string;
  try { host = new URL((url ?? '').trim()).hostname.toLowerCase(); } catch { return null; }
  const names: [RegExp, string][] = [
    [/(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com)$/, 'YouTube'], [/(^|\.)vimeo\.com$/, 'Vimeo'],
    [/(^|\.)(dailymotion\.com|dai\.ly)$/, 'Dailymotion'], [/(^|\.)twitch\.tv$/, 'Twitch'], [/(^|\.)(wistia\.com|wistia\.net)$/, 'Wistia'],
    [/(^|\.)(facebook\.com|fb\.watch)$/, 'Facebook'], [/(^|\.)instagram\.com$/, 'Instagram'], [/(^|\.)tiktok\.com$/, 'TikTok'],
  ];
  return names.find(([re]) => re.test(host))?.[1] ?? null;
}

/** A video ad's stim name: 'YouTube video dQw4w9WgXcQ' for a host's page, else the file name, else the host. */
export function videoAdName(url: string): string {
  const host = videoHostName(url);
  const id = videoIdOf(url);
  if (host) return (id ? `${host} video ${id}` : `${host} video`).slice(0, 200);
  try {
    const u = new URL(url.trim());
    let last = u.pathname.split('/').filter(Boolean).pop() ?? '';
    try { last = decodeURIComponent(last); } catch { /* keep it encoded */ }
    return (last || u.hostname).slice(0, 200);
  } catch {
    return url.slice(0, 200);
  }
}

/** The id a video host gives the video (YouTube's v= or short link, Vimeo's number), null when none is found. */
export function videoIdOf(url: string | null | undefined): string | null {
  let u: URL;
  try { u = new URL((url ?? '').trim()); } catch { return null; }
  const v = u.searchParams.get('v');
  if (v && /^[\w-]{1,64}$/.test(v)) return v;
  const last = u.pathname.split('/').filter(Boolean).pop() ?? '';
  return /^[\w-]{1,64}$/.test(last) && !/^(watch|embed|video|videos|reel|reels)$/i.test(last) ? last : null;
}

// Social fields (§3): only the chosen platform's are kept with the study (social_ad.details); VK
// reuses the Facebook profile fields (D3-091).
export const SOCIAL_TEXT_FIELDS = [
  'fb_channel_name', 'fb_profile_src', 'fb_description', 'fb_promoted_domain', 'fb_promoted_description',
  'fb_promoted_description2', 'fb_call_to_action',
  'in_channel_name', 'in_profile_src', 'in_description',
  'sc_channel_name', 'sc_description', 'sc_profile_src', 'sc_promo_text', 'sc_promo_desc', 'sc_promo_top',
  'pn_stim_title', 'pn_profile_src', 'pn_stim_profile',
  'tt_profile_src', 'tt_profile_name', 'tt_desc', 'tt_song_name', 'tt_promo_text',
] as const;
export const SOCIAL_CTA_FIELDS = ['fb_promoted_button_text', 'in_promoted_button_text', 'in_call_to_action', 'sc_cta'] as const;
export type SocialField = (typeof SOCIAL_TEXT_FIELDS)[number] | (typeof SOCIAL_CTA_FIELDS)[number] | 'pn_type' | 'sc_promo_rating';
/** The type-specific fields of each platform (§3), the ones stored for a social study. */
export const SOCIAL_PLATFORM_FIELDS: Record<SocialPlatform, readonly SocialField[]> = {
  fb: ['fb_channel_name', 'fb_profile_src', 'fb_description', 'fb_promoted_domain', 'fb_promoted_description', 'fb_promoted_description2', 'fb_promoted_button_text', 'fb_call_to_action'],
  vk: ['fb_profile_src', 'fb_channel_name', 'fb_description'],
  in: ['in_channel_name', 'in_profile_src', 'in_description', 'in_promoted_button_text', 'in_call_to_action'],
  sc: ['sc_channel_name', 'sc_description', 'sc_profile_src', 'sc_cta', 'sc_promo_text', 'sc_promo_desc', 'sc_promo_top', 'sc_promo_rating'],
  pin: ['pn_type', 'pn_stim_title', 'pn_profile_src', 'pn_stim_profile'],
  tt: ['tt_profile_src', 'tt_profile_name', 'tt_desc', 'tt_song_name', 'tt_promo_text'],
};
/** Promoted options exist for these platforms only (D3-079); promoted defaults to true. */
export const PROMOTED_PLATFORMS: readonly SocialPlatform[] = ['fb', 'in'];
