// <gaze-study-wizard kind="social"> in Chromium: the Social Page Setup step (D3-072…D3-102) —
// pickers, the reset rules, the new social system, the sound and promoted switches, each
// platform's live preview (the typed fields appear in it), Snapchat's 15-second sections, media
// that never runs script, and the review rows and created body.
import { expect } from '@open-wc/testing';
import './study-wizard.element';
import { $, $$, mount, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

function signIn() {
  localStorage.setItem('user', JSON.stringify({ first_name: 'Ada', last_name: 'L', email: 'ada@acme.example', username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: false }));
  localStorage.setItem('token', 't0k');
}

function api() {
  return stubHttp((req) => {
    if (/dashboard\/data\//.test(req.url)) return { data: { success: true, data: [] } };
    if (req.url.endsWith('/studies/create')) return { data: { success: true, study_id: 77, study_type_id: 5, start_url: 'http://x/take/77?sig=a', start_url_test: 'http://x/take/77?test=1&sig=b', incontext_urls: [] } };
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
}

const field = (el: HTMLElement, label: string): HTMLInputElement => {
  const l = $$(el, 'label').find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`no field ${label}`);
  return el.shadowRoot!.getElementById(l.getAttribute('for')!) as HTMLInputElement;
};
const hasField = (el: HTMLElement, label: string) => $$(el, 'label').some((x) => x.textContent?.trim() === label);
function type(f: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) {
  const proto = f instanceof HTMLSelectElement ? HTMLSelectElement.prototype : f instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(f, value);
  f.dispatchEvent(new Event(f instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
const button = (el: HTMLElement, part: string) => $(el, `[part~="${part}"]`) as HTMLButtonElement;
const heading = (el: HTMLElement) => $(el, 'form h2')?.textContent;
const radio = (el: HTMLElement, group: 'platforms' | 'ad-types', value: string) => $$(el, `[part~="${group}"] input`).find((i) => (i as HTMLInputElement).value === value) as HTMLInputElement | undefined;
const pick = (el: HTMLElement, group: 'platforms' | 'ad-types', value: string) => radio(el, group, value)!.click();
const switchOf = (el: HTMLElement, label: string) => $$(el, '[role="switch"]').find((b) => el.shadowRoot!.getElementById(b.getAttribute('aria-labelledby')!)?.textContent === label) as HTMLButtonElement | undefined;
const preview = (el: HTMLElement) => $(el, '[part~="social-preview"]')!;
const previewText = (el: HTMLElement) => preview(el).textContent ?? '';
const frame = (el: HTMLElement) => $(el, '[part~="preview-frame"]')!;

async function setupStep(el: HTMLElement) {
  type(field(el, 'Study name'), 'Social spring');
  for (const h of ['Question Details', 'Panel Details', 'Social Page Setup']) {
    button(el, 'next').click();
    await waitFor(() => heading(el) === h, h);
  }
}

async function openSetup() {
  const http = api();
  const el = await mount('gaze-study-wizard', { kind: 'social-media-study' });
  await setupStep(el);
  return { el, requests: http.requests };
}

/** Every platform and ad type: the fields to type and the texts the preview must then show. */
const PLATFORM_CASES: { platform: string; adType: string; fill: Record<string, string>; shows: string[]; hides?: string[]; profile?: string }[] = [
  { platform: 'fb', adType: 'standard', fill: { 'Channel name': 'Fizzwell', Description: 'Sparkling lemon', Headline: 'Taste the fizz', Subheading: 'New flavour', 'Domain URL': 'https://fizzwell.example.com' }, shows: ['Fizzwell', 'Sparkling lemon', 'Taste the fizz', 'New flavour', 'fizzwell.example.com', 'Learn more', 'Sponsored'], profile: 'https://cdn.example.com/fb.png' },
  { platform: 'fb', adType: 'story', fill: { 'Channel name': 'Fizz Story', 'Call to action (optional)': 'Swipe for more' }, shows: ['Fizz Story', 'Swipe for more'], profile: 'https://cdn.example.com/fbs.png' },
  { platform: 'fb', adType: 'watch', fill: {}, shows: ['Watch', 'Sponsored video'] },
  { platform: 'vk', adType: 'standard', fill: { 'Profile name': 'Fizz VK', Description: 'VK words' }, shows: ['Fizz VK', 'VK words', 'Advertising'], profile: 'https://cdn.example.com/vk.png' },
  { platform: 'vk', adType: 'story', fill: { 'Profile name': 'VK Story' }, shows: ['VK Story'], profile: 'https://cdn.example.com/vks.png' },
  { platform: 'in', adType: 'standard', fill: { 'Channel name': 'fizz.gram', 'Description (optional)': 'Gram words' }, shows: ['fizz.gram', 'Gram words', 'Learn more'], profile: 'https://cdn.example.com/in.png' },
  { platform: 'in', adType: 'story', fill: { 'Channel name': 'gram.story' }, shows: ['gram.story', 'Learn more'], profile: 'https://cdn.example.com/ins.png' },
  { platform: 'sc', adType: 'standard', fill: { 'Channel name': 'SnapFizz', Description: 'Snap words', 'Promo text': 'Lemon Pop', 'Promo description': 'In stores now', 'Promo top line (optional)': 'Top line', 'Rating (0 to 5 stars)': '4' }, shows: ['SnapFizz', 'Snap words', 'Lemon Pop', 'In stores now', 'Top line', '★★★★☆ 42K Ratings', 'Learn more'], profile: 'https://cdn.example.com/sc.png' },
  { platform: 'pin', adType: 'standard', fill: { 'Pin title': 'Lemon pin', 'Profile name': 'Fizz Pins' }, shows: ['Lemon pin', 'Fizz Pins', 'Promoted by'], profile: 'https://cdn.example.com/pin.png' },
  { platform: 'tt', adType: 'standard', fill: { 'Profile name': 'fizztok', Description: 'Tok words', 'Song name': 'Pop song', 'Call to action': 'Shop the fizz' }, shows: ['@fizztok', 'Tok words', '♫ Pop song', 'Shop the fizz'], profile: 'https://cdn.example.com/tt.png' },
  // Issue 38: a handle typed with its @ is shown with one.
  { platform: 'tt', adType: 'standard', fill: { 'Profile name': '@fizzhandle' }, shows: ['@fizzhandle'], hides: ['@@'], profile: 'https://cdn.example.com/tt2.png' },
];

describe('<gaze-study-wizard kind="social">', () => {
  beforeEach(() => { resetPage('/v1.0'); signIn(); });

  it('D3-036, D3-072, D3-073, D3-074: Social Page Setup defaults to Facebook feed and offers the six platforms', async () => {
    const { el } = await openSetup();
    expect($$(el, '[part~="platforms"] label').map((l) => l.textContent?.trim())).to.deep.equal(['Facebook', 'VK', 'Instagram', 'Snapchat', 'Pinterest', 'TikTok']);
    expect($$(el, '[part~="platforms"] input').map((i) => (i as HTMLInputElement).value)).to.deep.equal(['fb', 'vk', 'in', 'sc', 'pin', 'tt']);
    expect(radio(el, 'platforms', 'fb')!.checked).to.equal(true);
    expect(radio(el, 'ad-types', 'standard')!.checked).to.equal(true);
    expect($$(el, '[part~="ad-types"] label').map((l) => l.textContent?.trim())).to.deep.equal(['Feed', 'Story', 'Watch feed']);
    expect(preview(el).dataset).to.include({ platform: 'fb', adType: 'standard' });
  });

  for (const c of PLATFORM_CASES) {
    it(`D3-072, D3-084…D3-091: the ${c.platform} ${c.adType} preview shows the fields as they are typed`, async () => {
      const { el } = await openSetup();
      if (c.platform !== 'fb') pick(el, 'platforms', c.platform);
      await waitFor(() => preview(el).dataset.platform === c.platform, 'platform');
      if (c.adType !== 'standard') pick(el, 'ad-types', c.adType);
      await waitFor(() => preview(el).dataset.adType === c.adType, 'ad type');
      const adUrl = c.adType === 'watch' ? 'Video ad URL (mp4)' : 'Ad URL (image or video)';
      type(field(el, adUrl), c.adType === 'watch' ? 'https://cdn.example.com/watch.mp4' : 'https://cdn.example.com/ad.png');
      if (c.profile) type(field(el, c.platform === 'sc' ? 'Profile picture URL (optional)' : 'Profile picture URL'), c.profile);
      for (const [label, value] of Object.entries(c.fill)) type(field(el, label), value);
      for (const s of c.shows) await waitFor(() => previewText(el).replace(/\s+/g, ' ').includes(s), `preview shows "${s}"`);
      for (const h of c.hides ?? []) expect(previewText(el)).not.to.contain(h);
      if (c.profile) expect($$(el, '[part~="profile-picture"] img').map((i) => i.getAttribute('src'))).to.include(c.profile);
      const media = $(el, '[part~="preview-frame"] [part~="media"]')!;
      expect(media.tagName).to.equal(c.adType === 'watch' ? 'VIDEO' : 'IMG');
    });
  }

  it('D3-089 issue 38: the Pinterest pin takes its creative\'s shape and fits it, never cropping it', async () => {
    const { el } = await openSetup();
    pick(el, 'platforms', 'pin');
    await waitFor(() => preview(el).dataset.platform === 'pin', 'pinterest');
    // The ad URL must be public (the shared URL rule), so once the preview shows it the image's
    // bytes come from the test server instead: a real 180 x 180 PNG, square where the pin was 2:3.
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/square.png');
    const img = await waitFor(() => $(el, '[part~="preview-frame"] img[part~="media"]') as HTMLImageElement | null, 'image');
    img.setAttribute('src', `${location.origin}/dashboard/public/apple-touch-icon.png`);
    await waitFor(() => img.complete && img.naturalWidth === 180, 'image loaded');
    const box = $(el, '[part~="pin-media"]')!;
    await waitFor(() => { const r = box.getBoundingClientRect(); return Math.abs(r.width / r.height - 1) < 0.02; }, 'square pin');
    expect(getComputedStyle(img).objectFit).to.equal('contain');
    const r = img.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    // The whole image is inside the visible box (nothing cut off by the rounded frame).
    expect(r.width).to.be.at.most(b.width + 0.5);
    expect(r.height).to.be.at.most(b.height + 0.5);
    expect(Math.abs(r.width / r.height - 1)).to.be.lessThan(0.02);
  });

  it('D3-081, D3-082, D3-083: the mobile preview is 375 x 667; stories state 9 x 16; Snapchat is mobile only', async () => {
    const { el } = await openSetup();
    expect(frame(el).dataset.device).to.equal('desktop');
    button(el, 'device-mobile').click();
    await waitFor(() => frame(el).dataset.device === 'mobile', 'mobile');
    const style = getComputedStyle(frame(el));
    expect([style.width, style.height]).to.deep.equal(['375px', '667px']);
    expect(text(el)).not.to.contain('9 x 16 is the recommended aspect for stories and commercials.');
    pick(el, 'ad-types', 'story');
    await waitForText(el, '9 x 16 is the recommended aspect for stories and commercials.');
    pick(el, 'platforms', 'sc');
    await waitForText(el, 'Snapchat is mobile only.');
    expect(frame(el).dataset.device).to.equal('mobile');
    expect(button(el, 'device-desktop').disabled).to.equal(true);
    expect(getComputedStyle(frame(el)).width).to.equal('375px');
  });

  it('D3-083: Snapchat content is split into 15-second sections; a section button jumps to its start', async () => {
    const { el } = await openSetup();
    pick(el, 'platforms', 'sc');
    await waitFor(() => preview(el).dataset.platform === 'sc', 'snapchat');
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/snap.png');
    await waitFor(() => $(el, '[part~="preview-frame"] img[part~="media"]'), 'image');
    expect($$(el, '[part~="snap-sections"] button')).to.have.length(1);
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/snap.mp4');
    const video = await waitFor(() => $(el, '[part~="preview-frame"] video') as HTMLVideoElement | null, 'video');
    Object.defineProperty(video, 'duration', { configurable: true, value: 40 });
    video.dispatchEvent(new Event('loadedmetadata'));
    await waitFor(() => $$(el, '[part~="snap-sections"] button').length === 3, 'three sections');
    expect($$(el, '[part~="snap-sections"] button').map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Section 1: 0:00 to 0:15', 'Section 2: 0:15 to 0:30', 'Section 3: 0:30 to 0:40',
    ]);
    $$(el, '[part~="snap-sections"] button')[1].click();
    await waitFor(() => $$(el, '[part~="snap-sections"] button')[1].getAttribute('aria-current') === 'true', 'second current');
    expect(video.currentTime).to.equal(15);
    expect($(el, '[part~="snap-section-label"]')!.textContent).to.equal('Section 2 of 3 · 0:15–0:30');
  });

  it('D3-080: the sound toggle appears only when the ad URL ends in mp4; the preview plays muted until it is on', async () => {
    const { el } = await openSetup();
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/ad.png');
    await waitFor(() => $(el, '[part~="preview-frame"] img[part~="media"]'), 'image');
    expect(switchOf(el, 'Has sound')).to.equal(undefined);
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/ad.mp4');
    await waitFor(() => switchOf(el, 'Has sound'), 'sound switch');
    const video = $(el, '[part~="preview-frame"] video') as HTMLVideoElement;
    expect(video.muted).to.equal(true);
    switchOf(el, 'Has sound')!.click();
    await waitFor(() => !($(el, '[part~="preview-frame"] video') as HTMLVideoElement).muted, 'unmuted');
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/ad.mp4?v=2');
    await waitFor(() => !switchOf(el, 'Has sound'), 'no sound switch when the URL does not end in mp4');
  });

  it('D3-075: choosing a platform or an ad type resets the form to blank platform defaults but keeps the new social system', async () => {
    const { el } = await openSetup();
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/ad.png');
    type(field(el, 'Channel name'), 'Kept?');
    type(field(el, 'Headline'), 'Gone?');
    switchOf(el, 'Promoted')!.click();
    switchOf(el, 'New social system')!.click();
    await waitFor(() => switchOf(el, 'New social system')!.getAttribute('aria-checked') === 'true', 'new system on');
    pick(el, 'ad-types', 'story');
    await waitFor(() => preview(el).dataset.adType === 'story', 'story');
    expect(field(el, 'Ad URL (image or video)').value).to.equal('');
    expect(field(el, 'Channel name').value).to.equal('');
    type(field(el, 'Channel name'), 'Story name');
    pick(el, 'platforms', 'in');
    await waitFor(() => preview(el).dataset.platform === 'in', 'instagram');
        expect(radio(el, 'ad-types', 'story')!.checked, 'an ad type the new platform offers stays chosen').to.equal(true);
    expect(field(el, 'Channel name').value).to.equal('');
    expect(switchOf(el, 'New social system')!.getAttribute('aria-checked')).to.equal('true');
    pick(el, 'ad-types', 'standard');
    await waitFor(() => switchOf(el, 'Promoted'), 'promoted switch');
    expect(switchOf(el, 'Promoted')!.getAttribute('aria-checked'), 'promoted back to its default').to.equal('true');
    expect((field(el, 'Button text') as unknown as HTMLSelectElement).value).to.equal('Learn more');
    pick(el, 'platforms', 'sc');
    await waitFor(() => hasField(el, 'Rating (0 to 5 stars)'), 'snapchat form');
    expect(field(el, 'Rating (0 to 5 stars)').value).to.equal('0');
    expect((field(el, 'Call to action') as unknown as HTMLSelectElement).value).to.equal('Learn more');
  });

  it('D3-076, D3-077, D3-078: the new social system hides Watch feed, resets watch to Facebook feed and creates on site rfb', async () => {
    const { el, requests } = await openSetup();
    pick(el, 'ad-types', 'watch');
    await waitFor(() => preview(el).dataset.adType === 'watch', 'watch');
    type(field(el, 'Video ad URL (mp4)'), 'https://cdn.example.com/w.mp4');
    switchOf(el, 'New social system')!.click();
    await waitFor(() => preview(el).dataset.adType === 'standard', 'back to feed');
    expect(radio(el, 'platforms', 'fb')!.checked).to.equal(true);
    expect(radio(el, 'ad-types', 'watch')).to.equal(undefined);
    expect($$(el, '[part~="ad-types"] label').map((l) => l.textContent?.trim())).to.deep.equal(['Feed', 'Story']);
    expect(field(el, 'Ad URL (image or video)').value).to.equal('');
    switchOf(el, 'New social system')!.click();
    await waitFor(() => radio(el, 'ad-types', 'watch'), 'watch offered again under the old system');
    switchOf(el, 'New social system')!.click();
    await waitFor(() => !radio(el, 'ad-types', 'watch'), 'hidden again');
    type(field(el, 'Ad URL (image or video)'), 'https://cdn.example.com/ad.png');
    type(field(el, 'Profile picture URL'), 'https://cdn.example.com/p.png');
    type(field(el, 'Channel name'), 'Fizzwell');
    type(field(el, 'Description'), 'Sparkling');
    switchOf(el, 'Promoted')!.click();
    await waitFor(() => !hasField(el, 'Headline'), 'promoted off');
    button(el, 'next').click();
    await waitForText(el, 'Your project is ready for review');
    const review = text(el);
    for (const s of ['Social Page Setup', 'PlatformFacebook (rfb)', 'Ad typeFeed', 'New social systemYes', 'Channel nameFizzwell', 'PromotedNo']) expect(review).to.contain(s);
    button(el, 'next').click();
    await waitFor(() => requests.some((r) => r.url.endsWith('/studies/create')), 'created');
    const body = requests.find((r) => r.url.endsWith('/studies/create'))!.body as Record<string, unknown>;
    expect(body).to.deep.include({ study_kind: 'social', ad_type: 'standard', is_new_social_system: true, promoted: false, fb_channel_name: 'Fizzwell' });
    expect(body.incontext_site).to.deep.equal({ code: 'rfb', description: 'Facebook' });
  });

  it('D3-079: promoted options appear only while promoted is on (Facebook and Instagram feeds)', async () => {
    const { el } = await openSetup();
    expect(switchOf(el, 'Promoted')!.getAttribute('aria-checked')).to.equal('true');
    expect(hasField(el, 'Headline')).to.equal(true);
    expect($(el, '[part~="preview-frame"] [part~="promoted"]')).not.to.equal(null);
    switchOf(el, 'Promoted')!.click();
    await waitFor(() => !hasField(el, 'Headline'), 'headline hidden');
    expect(hasField(el, 'Subheading') || hasField(el, 'Domain URL') || hasField(el, 'Button text')).to.equal(false);
    expect($(el, '[part~="preview-frame"] [part~="promoted"]')).to.equal(null);
    pick(el, 'platforms', 'in');
    await waitFor(() => hasField(el, 'Button text'), 'instagram promoted button text');
    switchOf(el, 'Promoted')!.click();
    await waitFor(() => !hasField(el, 'Button text'), 'instagram promoted hidden');
    for (const p of ['vk', 'sc', 'pin', 'tt']) {
      pick(el, 'platforms', p);
      await waitFor(() => preview(el).dataset.platform === p, p);
      expect(switchOf(el, 'Promoted'), `${p} has no promoted options`).to.equal(undefined);
    }
  });

  it('D3-092…D3-101: Next shows the chosen form\'s messages word for word and keeps the step', async () => {
    const { el } = await openSetup();
    pick(el, 'platforms', 'sc');
    await waitFor(() => hasField(el, 'Promo text'), 'snapchat');
    type(field(el, 'Promo text'), 'x'.repeat(26));
    type(field(el, 'Ad URL (image or video)'), 'snap.png');
    button(el, 'next').click();
    await waitForText(el, 'Too long');
    expect(heading(el)).to.equal('Social Page Setup');
    const errorOf = (label: string) => el.shadowRoot!.getElementById(`${field(el, label).id}-error`)?.textContent;
    expect(errorOf('Promo text')).to.equal('Too long');
    expect(errorOf('Ad URL (image or video)')).to.equal('Must be a valid URL');
    expect(errorOf('Channel name')).to.equal('Required');
    pick(el, 'platforms', 'fb');
    pick(el, 'ad-types', 'watch');
    await waitFor(() => hasField(el, 'Video ad URL (mp4)'), 'watch');
    expect(text(el)).not.to.contain('Too long');
    type(field(el, 'Video ad URL (mp4)'), 'https://cdn.example.com/spot.mov');
    button(el, 'next').click();
    await waitFor(() => errorOf('Video ad URL (mp4)') === 'Must be an mp4', 'mp4 message');
  });

  it('third-party media never runs script in the page: img / video only, anything else in an iframe sandboxed without scripts, javascript: never loaded', async () => {
    const { el } = await openSetup();
    const url = field(el, 'Ad URL (image or video)');
    type(url, 'https://ads.example.com/creative.html');
    const iframe = await waitFor(() => $(el, '[part~="preview-frame"] iframe') as HTMLIFrameElement | null, 'iframe');
    expect(iframe.getAttribute('sandbox')).to.equal('');
    expect(iframe.sandbox.contains('allow-scripts')).to.equal(false);
    expect(iframe.sandbox.contains('allow-same-origin')).to.equal(false);
    type(url, 'javascript:alert(1)//.png');
    await waitFor(() => !$(el, '[part~="preview-frame"] iframe'), 'no frame');
    expect($$(el, '[part~="preview-frame"] img[part~="media"], [part~="preview-frame"] video, [part~="preview-frame"] iframe')).to.have.length(0);
    type(field(el, 'Profile picture URL'), 'javascript:alert(1)');
    expect($$(el, '[part~="profile-picture"] img')).to.have.length(0);
    expect($$(el, 'script')).to.have.length(0);
  });
});
