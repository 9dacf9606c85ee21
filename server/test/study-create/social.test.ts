// POST /v1.0/studies/create, the social ad test (issue 16 delivery 1, spec D3 §2.5, §3, §5; checklist
// D3-036, D3-072…D3-102): the stim and its in-context site per platform and ad type, every
// type-specific field of the platform stored, a stim step in every cell; refused with the form's
// messages; a failure half-way leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';
import { seedReference } from '../../seed/reference.js';
import { verifyTakeLink } from '../../domain/take-link.js';
import { takeLinkSecret } from '../../services/study-links.js';
import { SOCIAL_PLATFORM_FIELDS, type SocialPlatform } from '../../../contract/study-create.js';

let app: FastifyInstance;
let database: Database;
let ann: Record<string, string>;

beforeAll(async () => {
  ({ app, database } = await testApp());
  await seedReference(database.db);
  const a = await createCompany(database.db, { name: 'Acme' });
  await createUser(database.db, { companyId: a.id, username: 'ann' });
  ann = authHeaders(await signIn(app, 'ann'));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const create = (payload: object) => app.inject({ method: 'POST', url: '/v1.0/studies/create', headers: ann, payload });
const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await database.db.execute(q) as unknown as { rows: T[] }).rows;
const count = async (table: string): Promise<number> => Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
const board = async (id: number) => (await app.inject({ method: 'POST', url: `/v1.0/studies/${id}/steps/overview`, headers: ann, payload: {} })).json();

interface SocialRow { site_code: string; platform: string; ad_type: string; is_new_social_system: boolean; promoted: boolean | null; has_sound: boolean | null; details: Record<string, string | number>; incontext_site_id: number; stim_id: number }
const socialAdOf = async (studyId: number) => rows<SocialRow>(sql`select * from social_ad where study_id = ${studyId}`);

/** The social wizard's values as the form sends them: Facebook standard (D3-073), promoted (D3-079). */
const social = (over: object = {}) => ({
  study_kind: 'social',
  name: 'Feed test',
  environment_id: { code: '2', description: 'Mobile' },
  language: { code: 'en', description: 'English' },
  project_location: { code: 'gb', description: 'United Kingdom' },
  number_of_cells: 2,
  panel_size: 100,
  respondents: { id: 1, name: 'Cell' },
  demographic_survey_or_lumen_questions: '0',
  include_external_survey: '0',
  include_panel_details: '0',
  incontext_site: { code: 'fb', description: 'Facebook' },
  ad_type: 'standard',
  is_new_social_system: false,
  stim_url: 'https://cdn.example.com/social/spot.mp4',
  has_sound: true,
  promoted: true,
  brand_id: { name: 'fizzwell' },
  fb_channel_name: 'Fizzwell',
  fb_profile_src: 'https://cdn.example.com/social/avatar.png',
  fb_description: 'Sparkling since 1921',
  fb_promoted_description: 'Taste the fizz',
  fb_promoted_description2: 'New lemon flavour',
  fb_promoted_domain: 'https://fizzwell.example.com',
  fb_promoted_button_text: 'Shop now',
  // Another platform's field left in the form: not kept with the ad.
  in_channel_name: 'left over',
  ...over,
});

/** A valid form of each platform and ad type (§5). */
const FORMS: [string, object][] = [
  ['fb story', { ad_type: 'story', fb_call_to_action: 'Swipe up', promoted: undefined }],
  ['fb watch', { ad_type: 'watch' }],
  ['vk standard', { incontext_site: { code: 'vk' } }],
  ['vk story', { incontext_site: { code: 'vk' }, ad_type: 'story', fb_description: '' }],
  ['in standard', { incontext_site: { code: 'in' }, in_channel_name: 'fizzwell', in_profile_src: 'https://cdn.example.com/a.png', in_description: 'Hi', in_promoted_button_text: 'Shop now' }],
  ['in story', { incontext_site: 'in', ad_type: { code: 'story', description: 'Story' }, in_channel_name: 'fizzwell', in_profile_src: 'https://cdn.example.com/a.png' }],
  ['sc standard', { incontext_site: { code: 'sc' }, sc_channel_name: 'Fizzwell', sc_cta: 'Learn more', sc_description: 'Drink', sc_promo_text: 'Fizzwell lemon', sc_promo_desc: 'Now in stores', sc_promo_rating: 4.5 }],
  ['pin standard', { incontext_site: { code: 'pin' }, pn_type: 'm', pn_profile_src: 'https://cdn.example.com/p.png', pn_stim_profile: 'Fizzwell', pn_stim_title: 'Lemon' }],
  ['tt standard', { incontext_site: { code: 'tt' }, tt_profile_src: 'https://cdn.example.com/t.png', tt_profile_name: 'fizzwell', tt_desc: 'Fizz', tt_song_name: 'Pop', tt_promo_text: 'Shop' }],
];

describe('social ad test (5): D3-036, D3-074, D3-084, D3-091', () => {
  it('Facebook standard: the stim, its in-context site, a stim step in every cell and every Facebook field stored', async () => {
    const res = await create(social());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, study_type_id: 5, incontext_urls: [] });
    const secret = await takeLinkSecret(database.db, app.config.urlSecret);
    expect(verifyTakeLink(secret, body.start_url)).toMatchObject({ studyId: body.study_id, test: false });
    expect(verifyTakeLink(secret, body.start_url_test)).toMatchObject({ studyId: body.study_id, test: true });

    const cells = (await board(body.study_id)).data;
    expect(cells).toHaveLength(2);
    for (const c of cells) expect(c.step_data.map((s: { step_kind: string }) => s.step_kind)).toEqual(['stim']);

    const [ad] = await socialAdOf(body.study_id);
    expect(ad).toMatchObject({ site_code: 'fb', platform: 'fb', ad_type: 'standard', is_new_social_system: false, promoted: true, has_sound: true, incontext_site_id: 1 });
    expect(ad.details).toEqual({
      fb_channel_name: 'Fizzwell', fb_profile_src: 'https://cdn.example.com/social/avatar.png', fb_description: 'Sparkling since 1921',
      fb_promoted_domain: 'https://fizzwell.example.com', fb_promoted_description: 'Taste the fizz', fb_promoted_description2: 'New lemon flavour',
      fb_promoted_button_text: 'Shop now', fb_call_to_action: '',
    });
    const [stim] = await rows<{ id: number; stim_type: string; source: string; media_id: number; brand: string; ad: string; name: string }>(sql`
      select s.id, s.stim_type, s.source, s.media_id, b.name as brand, t.name as ad, s.name from stim s
      join brand b on b.id = s.brand_id left join ad_type t on t.id = s.ad_type_id where s.study_id = ${body.study_id}`);
    expect(stim).toEqual({ id: ad.stim_id, stim_type: 'v', source: 'https://cdn.example.com/social/spot.mp4', media_id: 2, brand: 'Fizzwell', ad: 'Facebook feed', name: 'Facebook feed - spot.mp4' });
    expect(cells[0].step_data[0].step_settings).toMatchObject({ item_id: stim.id });
    const [study] = await rows<{ study_type_id: number; form_values: Record<string, unknown> }>(sql`select study_type_id, form_values from study where id = ${body.study_id}`);
    expect(study.form_values).toMatchObject({ study_kind: 'social', ad_type: 'standard', fb_channel_name: 'Fizzwell' });
  });

  it.each(FORMS)('%s is created with its platform\'s fields (D3-084…D3-091)', async (label, over) => {
    const [platform, adType] = label.split(' ');
    const res = await create(social(over));
    expect(res.json()).toMatchObject({ success: true, study_type_id: 5 });
    const [ad] = await socialAdOf(res.json().study_id);
    expect(ad).toMatchObject({ platform, site_code: platform, ad_type: adType });
    expect(Object.keys(ad.details).sort()).toEqual([...SOCIAL_PLATFORM_FIELDS[platform as SocialPlatform]].sort());
  });

  it('D3-087, D3-079, D3-080: Snapchat keeps its rating (default 0), has no promoted options, and no sound for an image ad', async () => {
    const sc = { incontext_site: { code: 'sc' }, stim_url: 'https://cdn.example.com/snap.jpg', has_sound: true, sc_channel_name: 'F', sc_cta: 'Shop now', sc_description: 'd', sc_promo_text: 't', sc_promo_desc: 'p' };
    const [ad] = await socialAdOf((await create(social(sc))).json().study_id);
    expect(ad).toMatchObject({ promoted: null, has_sound: null });
    expect(ad.details).toMatchObject({ sc_promo_rating: 0, sc_cta: 'Shop now', sc_promo_top: '' });
    const [rated] = await socialAdOf((await create(social({ ...sc, sc_promo_rating: '3' }))).json().study_id);
    expect(rated.details.sc_promo_rating).toBe(3);
  });

  it('D3-085, D3-086: call-to-action fields left empty take \'Learn more\'; promoted off keeps the flag', async () => {
    const [fb] = await socialAdOf((await create(social({ promoted: false, fb_promoted_button_text: '', fb_promoted_description: '', fb_promoted_domain: '' }))).json().study_id);
    expect(fb).toMatchObject({ promoted: false });
    expect(fb.details.fb_promoted_button_text).toBe('Learn more');
    const [ig] = await socialAdOf((await create(social({ incontext_site: 'in', in_channel_name: 'x', in_profile_src: 'https://cdn.example.com/a.png' }))).json().study_id);
    expect(ig).toMatchObject({ promoted: true });
    expect(ig.details).toMatchObject({ in_call_to_action: 'Learn more', in_promoted_button_text: 'Learn more' });
  });

  it('D3-078: under the new social system Facebook and Instagram run on rfb / rin', async () => {
    const [fb] = await socialAdOf((await create(social({ is_new_social_system: true }))).json().study_id);
    expect(fb).toMatchObject({ site_code: 'rfb', platform: 'fb', is_new_social_system: true, incontext_site_id: 8 });
    const [ig] = await socialAdOf((await create(social({ incontext_site: { code: 'rin' }, is_new_social_system: null, in_channel_name: 'x', in_profile_src: 'https://cdn.example.com/a.png' }))).json().study_id);
    expect(ig).toMatchObject({ site_code: 'rin', platform: 'in', is_new_social_system: true, incontext_site_id: 9 });
  });

  it('study_type_id 5 with a social site is read as the social kind (resolution 24)', async () => {
    const { study_kind: _k, ...legacy } = social();
    const res = await create({ ...legacy, study_type_id: { code: '5' } });
    expect(res.statusCode).toBe(200);
    expect(await socialAdOf(res.json().study_id)).toHaveLength(1);
  });
});

describe('social rules (D3-092…D3-102): the form\'s messages, nothing created', () => {
  it.each([
    [{ incontext_site: null }, 'incontext_site', 'Required'],
    [{ incontext_site: { code: 'yt' } }, 'incontext_site', 'Required'],
    [{ ad_type: null }, 'ad_type', 'Required, please choose an ad'],
    [{ incontext_site: { code: 'tt' }, ad_type: 'story' }, 'ad_type', 'Required, please choose an ad'],
    [{ ad_type: 'watch', is_new_social_system: true }, 'ad_type', 'Required, please choose an ad'],
    [{ ad_type: 'watch', stim_url: 'https://cdn.example.com/spot.webm' }, 'stim_url', 'Must be an mp4'],
    [{ fb_promoted_description: 'x'.repeat(27) }, 'fb_promoted_description', 'Too long'],
    [{ fb_channel_name: '' }, 'fb_channel_name', 'Required'],
    [{ stim_url: 'spot.mp4' }, 'stim_url', 'Must be a valid URL'],
    [{ incontext_site: { code: 'sc' }, sc_channel_name: 'F', sc_cta: 'Shop now', sc_description: 'd', sc_promo_text: 't', sc_promo_desc: 'p', sc_promo_rating: 'five' }, 'sc_promo_rating', 'Must be a number'],
  ])('%o → %s: %s', async (over, field, message) => {
    const before = await Promise.all(['study', 'cell', 'stim', 'social_ad'].map(count));
    const res = await create(social(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: `${field}: ${message}`, errors: { [field]: message } });
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(await Promise.all(['study', 'cell', 'stim', 'social_ad'].map(count))).toEqual(before);
  });

  it('a call to action outside the options is refused by the contract', async () => {
    const res = await create(social({ fb_promoted_button_text: 'Buy it' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('a failure half-way (an unknown brand found after the study, its event and cells were written) leaves nothing', async () => {
    const tables = ['study', 'cell', 'step', 'stim', 'brand', 'social_ad', 'study_event'];
    const before = await Promise.all(tables.map(count));
    const res = await create(social({ brand_id: { id: 987654 } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('a failure at the in-context site (reference data gone) leaves nothing', async () => {
    const tables = ['study', 'cell', 'step', 'stim', 'social_ad', 'study_event'];
    const [site] = await rows<{ id: number; kind: string; code: string; name: string }>(sql`select id, kind, code, name from lookup_item where kind = 'incontext_site' and code = 'pin'`);
    await database.db.execute(sql`delete from lookup_item where kind = 'incontext_site' and id = ${site.id}`);
    try {
      const before = await Promise.all(tables.map(count));
      const res = await create(social(FORMS.find(([l]) => l === 'pin standard')![1]));
      expect(res.json()).toMatchObject({ success: false, errors: { incontext_site: 'unknown in-context site' } });
      expect(await Promise.all(tables.map(count))).toEqual(before);
    } finally {
      await database.db.execute(sql`insert into lookup_item (id, kind, code, name) values (${site.id}, ${site.kind}, ${site.code}, ${site.name})`);
    }
  });
});
