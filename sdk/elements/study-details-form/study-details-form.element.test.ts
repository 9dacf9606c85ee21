import { expect } from '@open-wc/testing';
import './study-details-form.element';
import { $, byLabel, mount, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

const DETAILS = {
  success: true, id: 7, name: 'Summer Cola', project_location: 'gb', project_location_id: 1, language: 'English', language_id: 1,
  media: 'Display', media_id: 1, environment: 'Webcam', environment_id: 1,
  proposal_signoff_date: '2026-01-01', proposed_data_collection_start: '2026-01-05', proposed_data_collection_end: null, debrief_date: null,
  methodology: 'Webcam', study_duration: '10 minutes', incentive: '£1', objective: 'Pick a creative', decision_to_inform: 'Media weight',
  notes: '', brief: 'Brief text', pre_assign_question_group: { id: 0, group_name: 'None' },
  demographic_survey_url: '', demographic_survey_insert_parameter: '',
  min_connection_speed: 512, min_calibration_frame_rate: 12.345, max_accuracy: null, max_precision: 80, max_gaze_duration: null, max_dwell_ms: null, min_dwell_ms: null,
  consent_required: true, consent_text: 'This study is run by Acme.\n\nThe video never leaves your device.', consent_version: 2,
};

function api(saveStatus = 200, errors?: Record<string, string>) {
  return stubHttp((req) => {
    if (req.url.endsWith('/details')) return { data: DETAILS };
    if (req.url.endsWith('/edit')) return saveStatus === 200 ? { data: { ...DETAILS, ...(req.body as object) } } : { status: saveStatus, data: { success: false, message: 'Validation failed', ...(errors ? { errors } : {}) } };
    if (req.url.endsWith('/studylanguages_list')) return { data: { success: true, data: [{ id: 1, name: 'English', code: 'en' }, { id: 2, name: 'German', code: 'de' }] } };
    if (req.url.endsWith('/projectlocations_list')) return { data: { success: true, data: [{ id: 1, name: 'United Kingdom', code: 'gb' }, { id: 3, name: 'Germany', code: 'de' }] } };
    if (req.url.endsWith('/prestudyquestiongroups_list')) return { data: { success: true, data: [{ id: 5, name: 'Standard screening', code: '5' }] } };
    return { status: 404, data: {} };
  });
}
const edits = (r: RecordedRequest[]) => r.filter((x) => x.url === '/v1.0/studies/7/edit');
const submit = (el: HTMLElement) => ($(el, '[part="save"]') as HTMLButtonElement).click();

describe('<gaze-study-details-form>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  it('D2-053 D2-054 D2-056 D2-057 shows every field, media and environment read-only, thresholds to one decimal with units', async () => {
    api();
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitForText(el, 'Edit study details');
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    expect((byLabel(el, 'Media') as HTMLInputElement).readOnly).to.equal(true);
    expect((byLabel(el, 'Media') as HTMLInputElement).value).to.equal('Display');
    expect((byLabel(el, 'Environment') as HTMLInputElement).readOnly).to.equal(true);
    expect((byLabel(el, 'Minimum connection speed (kbps)') as HTMLInputElement).value).to.equal('512.0');
    expect((byLabel(el, 'Minimum calibration frame rate (fps)') as HTMLInputElement).value).to.equal('12.3');
    expect((byLabel(el, 'Maximum accuracy (pixels)') as HTMLInputElement).value).to.equal('');
    expect((byLabel(el, 'Maximum precision (pixels)') as HTMLInputElement).value).to.equal('80.0');
    for (const label of ['Proposal sign-off date', 'Proposed data collection start', 'Proposed data collection end', 'Debrief date',
      'Methodology', 'Study duration', 'Incentive', 'Objective', 'Decision to inform', 'Notes', 'Brief', 'Demographic survey URL',
      'Demographic survey insert parameter', 'Maximum gaze duration', 'Maximum dwell (ms)', 'Minimum dwell (ms)']) {
      expect(byLabel(el, label), label).to.exist;
    }
  });

  it("D2-058 D2-059 D2-062 D2-063 shows the spec's messages word for word at submit and sends nothing", async () => {
    const http = api();
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    typeInto(byLabel(el, 'Name'), '');
    typeInto(byLabel(el, 'Demographic survey URL'), 'not a url');
    typeInto(byLabel(el, 'Study duration'), 'x'.repeat(51));
    typeInto(byLabel(el, 'Incentive'), 'y'.repeat(51));
    submit(el);
    await waitForText(el, 'Name required');
    await waitForText(el, '* Must be a valid URL');
    const alerts = Array.from(el.shadowRoot!.querySelectorAll('[role="alert"]')).map((a) => a.textContent);
    expect(alerts.filter((a) => a === 'Too Long!')).to.have.length(2);
    typeInto(byLabel(el, 'Name'), 'n'.repeat(51));
    submit(el);
    await waitFor(() => Array.from(el.shadowRoot!.querySelectorAll('[role="alert"]')).filter((a) => a.textContent === 'Too Long!').length === 3, 'Too Long! on the name');
    expect(edits(http.requests)).to.have.length(0);
  });

  it('D2-064 saves dates as dates, the group by id, the location by code and the language by name', async () => {
    const http = api();
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    await waitFor(() => Array.from((byLabel(el, 'Language') as unknown as HTMLSelectElement).options).some((o) => o.value === 'German'), 'languages');
    await waitFor(() => Array.from((byLabel(el, 'Pre-assign question group') as unknown as HTMLSelectElement).options).some((o) => o.value === '5'), 'groups');
    const choose = (label: string, value: string) => {
      const s = byLabel(el, label) as unknown as HTMLSelectElement;
      s.value = value;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    };
    choose('Language', 'German');
    choose('Project location', 'de');
    choose('Pre-assign question group', '5');
    typeInto(byLabel(el, 'Debrief date'), '20/03/2026');
    submit(el);
    await waitForText(el, 'Study details saved.');
    expect(edits(http.requests)[0].body).to.deep.include({
      name: 'Summer Cola', language: 'German', project_location: 'de', pre_assign_question_group: 5, debrief_date: '2026-03-20',
      proposed_data_collection_end: null, min_connection_speed: 512, min_calibration_frame_rate: 12.3,
    });
  });

  it('D2-065 a failed save re-enables the form and says it failed', async () => {
    api(400);
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    submit(el);
    await waitForText(el, 'Could not save the study details: Validation failed');
    expect(($(el, '[part="save"]') as HTMLButtonElement).disabled).to.equal(false);
  });

  it('issue 35: typed thresholds save as numbers with every other edit, and say so', async () => {
    const http = api();
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    typeInto(byLabel(el, 'Maximum accuracy (pixels)'), '150');
    typeInto(byLabel(el, 'Maximum accuracy (pixels)'), '55');
    typeInto(byLabel(el, 'Minimum connection speed (kbps)'), '1024.5');
    typeInto(byLabel(el, 'Maximum precision (pixels)'), '');
    typeInto(byLabel(el, 'Notes'), 'Thresholds agreed with the client');
    submit(el);
    await waitForText(el, 'Study details saved.');
    expect(edits(http.requests)).to.have.length(1);
    expect(edits(http.requests)[0].body).to.deep.include({
      max_accuracy: 55, min_connection_speed: 1024.5, max_precision: null, notes: 'Thresholds agreed with the client', name: 'Summer Cola',
    });
    expect(($(el, '[part="save"]') as HTMLButtonElement).disabled).to.equal(false);
  });

  it('issue 35: an out-of-range threshold is stopped with its range; a refusal names the field', async () => {
    const http = api(400, { min_dwell_ms: 'must not be more than the maximum dwell' });
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    typeInto(byLabel(el, 'Minimum calibration frame rate (fps)'), '500');
    submit(el);
    await waitForText(el, 'must be a number from 0 to 240 fps');
    await waitForText(el, 'Not saved: correct the field marked above.');
    expect(edits(http.requests)).to.have.length(0);
    typeInto(byLabel(el, 'Minimum calibration frame rate (fps)'), '30');
    submit(el);
    await waitForText(el, 'Could not save the study details: Validation failed (min_dwell_ms: must not be more than the maximum dwell)');
    expect(($(el, '[part="save"]') as HTMLButtonElement).disabled).to.equal(false);
  });

  it('issue 41: the consent text is edited with its version shown; an empty one is stopped, a change and the switch are sent', async () => {
    const http = api();
    const el = await mount('gaze-study-details-form', { 'study-id': '7' });
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === 'Summer Cola', 'values');
    const text = byLabel(el, 'Consent text') as HTMLTextAreaElement;
    expect(text.tagName).to.equal('TEXTAREA');
    expect(text.value).to.equal(DETAILS.consent_text);
    await waitForText(el, 'Version 2.');
    const toggle = el.shadowRoot!.querySelector('[role="switch"]') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-checked')).to.equal('true');
    expect(toggle.getAttribute('aria-labelledby')).to.be.a('string');
    typeInto(text, '   ');
    submit(el);
    await waitForText(el, 'Consent text required');
    expect(edits(http.requests)).to.have.length(0);
    typeInto(text, 'We measure where you look, in your browser.');
    toggle.click();
    await waitFor(() => toggle.getAttribute('aria-checked') === 'false', 'switched off');
    await waitForText(el, 'Switched off: no consent screen');
    submit(el);
    await waitForText(el, 'Study details saved.');
    expect(edits(http.requests)[0].body).to.deep.include({ consent_text: 'We measure where you look, in your browser.', consent_required: false });
  });
});
