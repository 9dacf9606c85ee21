// The Social Page Setup's rules without a browser (D3-073…D3-091): the reset, the new social
// system, the fields of each form (exactly the §3 fields of its platform), Snapchat's sections,
// which media may load and how, the rating and the review rows.
import { describe, expect, it } from 'vitest';
import { SOCIAL_PLATFORM_FIELDS } from '../../core/api/study-create';
import { defaultValues } from '../wizard-schemas/values';
import {
  adTypesOffered, choiceOf, choosePatch, fieldsOf, mediaKind, mobileOnly, newSystemPatch, promotable, ratingStars, reviewRows, siteOf, snapSections,
  soundToggleShown, SOCIAL_PLATFORMS,
} from './model';

const base = () => ({ ...defaultValues('social'), name: 'S' });

describe('social setup model', () => {
  it('D3-073: the default form is Facebook standard', () => {
    expect(choiceOf(base())).toEqual({ platform: 'fb', adType: 'standard', newSystem: false });
  });

  it('D3-075: choosing a platform or ad type blanks the form to platform defaults and keeps the new social system', () => {
    const v = { ...base(), is_new_social_system: true, stim_url: 'https://c.example.com/a.mp4', has_sound: true, promoted: false, fb_channel_name: 'F', sc_promo_rating: 4, in_call_to_action: 'Shop now' };
    const next = { ...v, ...choosePatch(v, 'in', 'story') };
    expect(next).toMatchObject({
      is_new_social_system: true, ad_type: 'story', incontext_site: { code: 'rin', description: 'Instagram' },
      stim_url: '', has_sound: false, promoted: true, fb_channel_name: '', sc_promo_rating: 0, in_call_to_action: 'Learn more', fb_promoted_button_text: 'Learn more', pn_type: 's',
    });
    expect({ ...base(), ...choosePatch(base(), 'tt', 'story') }.ad_type, 'an ad type the platform lacks falls back to its first').toBe('standard');
  });

  it('D3-076, D3-077, D3-078: the new social system', () => {
    expect(adTypesOffered('fb', false)).toEqual(['standard', 'story', 'watch']);
    expect(adTypesOffered('fb', true)).toEqual(['standard', 'story']);
    expect(siteOf('fb', true)).toEqual({ code: 'rfb', description: 'Facebook' });
    expect(siteOf('in', true).code).toBe('rin');
    expect(siteOf('sc', true).code).toBe('sc');
    expect(siteOf('fb', false).code).toBe('fb');
    const watch = { ...base(), ...choosePatch(base(), 'fb', 'watch'), stim_url: 'https://c.example.com/w.mp4' };
    const on = { ...watch, ...newSystemPatch(watch, true) };
    expect(on).toMatchObject({ is_new_social_system: true, ad_type: 'standard', incontext_site: { code: 'rfb' }, stim_url: '' });
    const story = { ...base(), ...choosePatch(base(), 'in', 'story'), in_channel_name: 'kept' };
    expect({ ...story, ...newSystemPatch(story, true) }).toMatchObject({ ad_type: 'story', in_channel_name: 'kept', incontext_site: { code: 'rin' } });
    expect(choiceOf({ ...story, ...newSystemPatch(story, true) }).newSystem).toBe(true);
    expect({ ...story, ...newSystemPatch({ ...story, is_new_social_system: true, incontext_site: siteOf('in', true) }, false) }.incontext_site?.code).toBe('in');
  });

  it('D3-084…D3-091: each form asks the ad URL and its own platform fields only', () => {
    for (const platform of SOCIAL_PLATFORMS) {
      for (const adType of adTypesOffered(platform, false)) {
        const c = { platform, adType, newSystem: false };
        const { fields, promoted } = fieldsOf(c);
        const names = [...fields, ...promoted].map((f) => f.name);
        expect(names[0]).toBe('stim_url');
        for (const n of names.slice(1)) expect(SOCIAL_PLATFORM_FIELDS[platform], `${platform} ${adType}: ${n}`).toContain(n);
      }
    }
    expect(fieldsOf({ platform: 'fb', adType: 'standard', newSystem: false }).promoted.map((f) => f.name)).toEqual(['fb_promoted_description', 'fb_promoted_description2', 'fb_promoted_domain', 'fb_promoted_button_text']);
    expect(fieldsOf({ platform: 'vk', adType: 'standard', newSystem: false }).fields.map((f) => f.name)).toEqual(['stim_url', 'fb_profile_src', 'fb_channel_name', 'fb_description']);
    expect(fieldsOf({ platform: 'sc', adType: 'standard', newSystem: false }).fields.map((f) => f.name)).toEqual(
      ['stim_url', 'sc_profile_src', 'sc_channel_name', 'sc_description', 'sc_cta', 'sc_promo_text', 'sc_promo_desc', 'sc_promo_top', 'sc_promo_rating']);
    expect(fieldsOf({ platform: 'pin', adType: 'standard', newSystem: false }).fields.find((f) => f.name === 'pn_type')!.options).toEqual([{ value: 's', label: 'Standard' }, { value: 'm', label: 'Full width' }]);
    expect(fieldsOf({ platform: 'fb', adType: 'story', newSystem: false }).fields[0].hint).toBe('9 x 16 is the recommended aspect for stories and commercials.');
  });

  it('D3-079, D3-080, D3-083: promoted for Facebook and Instagram feeds, sound for mp4, Snapchat mobile only', () => {
    expect(SOCIAL_PLATFORMS.filter((p) => promotable({ platform: p, adType: 'standard', newSystem: false }))).toEqual(['fb', 'in']);
    expect(promotable({ platform: 'fb', adType: 'story', newSystem: false })).toBe(false);
    expect(soundToggleShown('https://c.example.com/a.MP4')).toBe(true);
    expect(soundToggleShown('https://c.example.com/a.mp4?x=1')).toBe(false);
    expect(soundToggleShown('https://c.example.com/a.png')).toBe(false);
    expect(SOCIAL_PLATFORMS.filter((p) => mobileOnly({ platform: p, adType: 'standard', newSystem: false }))).toEqual(['sc']);
  });

  it('D3-083: 15-second sections', () => {
    expect(snapSections(null)).toEqual([{ start: 0, end: 15 }]);
    expect(snapSections(15)).toEqual([{ start: 0, end: 15 }]);
    expect(snapSections(15.2)).toEqual([{ start: 0, end: 15 }, { start: 15, end: 15.2 }]);
    expect(snapSections(40)).toEqual([{ start: 0, end: 15 }, { start: 15, end: 30 }, { start: 30, end: 40 }]);
    expect(snapSections(Infinity)).toEqual([{ start: 0, end: 15 }]);
  });

  it('third-party media: images and videos by extension, anything else framed, never a non-http(s) URL', () => {
    expect(mediaKind('https://c.example.com/a.png?x=1')).toBe('image');
    expect(mediaKind('https://c.example.com/a.webm')).toBe('video');
    expect(mediaKind('https://c.example.com/a.mp4')).toBe('video');
    expect(mediaKind('https://ads.example.com/creative')).toBe('frame');
    for (const bad of ['javascript:alert(1)//x.png', 'data:image/png;base64,AAAA', 'a.png', '', 'http://localhost/a.png']) expect(mediaKind(bad)).toBe(null);
  });

  it('D3-088: the rating as whole stars', () => {
    expect(ratingStars(0).text).toBe('☆☆☆☆☆');
    expect(ratingStars(3.6)).toEqual({ full: 4, text: '★★★★☆' });
    expect(ratingStars(9).full).toBe(5);
    expect(ratingStars('x').full).toBe(0);
  });

  it('review rows name the platform, site code, ad type and the asked fields', () => {
    const v = { ...base(), ...choosePatch({ is_new_social_system: true }, 'in', 'standard'), in_channel_name: 'gram', promoted: true, in_promoted_button_text: 'Shop now', stim_url: 'https://c.example.com/a.mp4', has_sound: true };
    expect(reviewRows(v)).toEqual([
      ['Platform', 'Instagram (rin)'], ['Ad type', 'Feed'], ['New social system', 'Yes'], ['Ad URL (image or video)', 'https://c.example.com/a.mp4'],
      ['Profile picture URL', ''], ['Channel name', 'gram'], ['Description', ''], ['Sound', 'On'], ['Promoted', 'Yes'], ['Button text', 'Shop now'],
    ]);
  });
});
