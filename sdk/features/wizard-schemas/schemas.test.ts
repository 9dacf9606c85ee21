// The wizard's yup schemas (D3-045…D3-071, D3-017, D3-020): every rule of the table in
// rules.cases.ts gives its message on its field and nothing else; valid forms pass every step.
import { describe, expect, it } from 'vitest';
import { RULE_CASES, SOCIAL_VALID_FORMS, validValues } from './rules.cases';
import { stepErrors, stepsOf } from './schemas';
import { isWebUrl } from './url';
import { bodyOf, defaultValues, formDate, reviewText } from './values';
import { STUDY_KINDS } from '../../core/api/study-create';

describe('wizard schemas', () => {
  it.each(['generic', 'web_page', 'rich_media', 'video', 'vast', 'social'] as const)('a valid %s form passes every step', async (kind) => {
    const v = validValues(kind, defaultValues(kind));
    for (const step of stepsOf(kind)) expect(await stepErrors(step, v)).toEqual({});
  });

  it.each(Object.entries(SOCIAL_VALID_FORMS))('D3-093…D3-102: a valid social %s form passes', async (_label, set) => {
    const v = { ...validValues('social', defaultValues('social')), ...set };
    expect(await stepErrors(stepsOf('social').find((s) => s.id === 'setup')!, v)).toEqual({});
  });

  it('D3-036, D3-073, D3-079, D3-085, D3-086, D3-087: social steps and blank platform defaults', () => {
    expect(stepsOf('social').map((s) => s.label)).toEqual(['Basic Details', 'Question Details', 'Panel Details', 'Social Page Setup', 'Review']);
    expect(defaultValues('social')).toMatchObject({
      incontext_site: { code: 'fb' }, ad_type: 'standard', is_new_social_system: false, promoted: true,
      fb_promoted_button_text: 'Learn more', in_call_to_action: 'Learn more', sc_promo_rating: 0,
    });
    const body = bodyOf('social', defaultValues('social')) as Record<string, unknown>;
    expect(body).toMatchObject({ study_kind: 'social', incontext_site: { code: 'fb' }, ad_type: 'standard' });
    expect(bodyOf('web_page', defaultValues('web_page'))).not.toHaveProperty('fb_channel_name');
  });

  it.each(RULE_CASES.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const v = { ...validValues(c.kind, defaultValues(c.kind)), ...c.set };
    const step = stepsOf(c.kind).find((s) => s.id === c.step)!;
    expect(await stepErrors(step, v)).toEqual({ [c.field]: c.message });
  });

  it('D3-009, D3-034, D3-035, D3-037, D3-038: the steps of each kind', () => {
    expect(stepsOf('generic').map((s) => s.label)).toEqual(['Basic Details', 'Question Details', 'Panel Details', 'Review']);
    expect(stepsOf('web_page').map((s) => s.label)).toEqual(['Basic Details', 'Question Details', 'Panel Details', 'Web Page Setup', 'Review']);
    expect(stepsOf('rich_media').map((s) => s.review)).toContain('Cache Page Setup');
    expect(stepsOf('video').map((s) => s.label)).toContain('Video Setup');
  });

  it('D3-041: web page defaults', () => {
    const v = defaultValues('web_page');
    expect(v).toMatchObject({ environment_id: { code: '1' }, language: { code: 'en' }, project_location: { code: 'gb' }, number_of_cells: 1, panel_size: 100, respondents: { name: 'Cell' }, media_id: null, demographic_survey_or_lumen_questions: '0', include_external_survey: '0', include_panel_details: '0', panel_seconds_before_move_next: -1 });
    expect(defaultValues('generic')).toMatchObject({ study_type_id: { code: '0' }, media_id: { code: '4' } });
    expect(defaultValues('video').incontext_site).toMatchObject({ code: 'yt' });
  });

  it('D3-020: dates go out as YYYY-MM-DD HH:mm:ss', () => {
    expect(formDate('2026-12-01T09:30')).toBe('2026-12-01 09:30:00');
    expect(formDate('2026-12-01')).toBe('2026-12-01 00:00:00');
    expect(formDate('2026-12-01 09:30:15')).toBe('2026-12-01 09:30:15');
    expect(formDate('')).toBe('');
    expect(bodyOf('web_page', { ...defaultValues('web_page'), debrief_date: '2027-01-02T10:00' })).toMatchObject({ debrief_date: '2027-01-02 10:00:00', study_kind: 'web_page' });
  });

  it('D3-017: review values cut at 60 characters, URLs at 40', () => {
    expect(reviewText('x'.repeat(61))).toBe(`${'x'.repeat(60)}…`);
    expect(reviewText('x'.repeat(60))).toBe('x'.repeat(60));
    const url = `https://example.com/${'p'.repeat(30)}`;
    expect(reviewText(url)).toBe(`${url.slice(0, 40)}…`);
  });

  it('URL rule: http(s) and a public-looking host', () => {
    expect(isWebUrl('https://www.example.com/x')).toBe(true);
    for (const bad of ['example.com', 'ftp://example.com', 'http://localhost/', 'https://a b.com', 'http://intranet']) expect(isWebUrl(bad)).toBe(false);
    // Issue 38: the server's rule (contract/urls.ts): a public IP passes, a private one in any notation does not.
    expect(isWebUrl('http://8.8.8.8/a')).toBe(true);
    expect(isWebUrl('http://[2606:4700::1111]/')).toBe(true);
    for (const bad of ['http://10.1.2.3/', 'http://0x7f.1/', 'http://2130706433/', 'http://[::1]/', 'http://[fe80::1]/', 'http://[::ffff:192.168.0.1]/', 'http://169.254.169.254/latest']) expect(isWebUrl(bad), bad).toBe(false);
  });

  it('every kind is known to the contract', () => {
    expect(STUDY_KINDS).toEqual(expect.arrayContaining(['generic', 'web_page', 'rich_media', 'video', 'vast']));
  });
});
