import { expect } from '@open-wc/testing';
import './demographic-report.element';
import { setCsvSaver, setDownloadAlert } from '../../core/download/download';
import { summaryData } from '../../core/api/demographics';
import { $, $$, mount, resetPage, stubHttp, waitFor, describe, it, beforeEach, afterEach } from '../test-utils';

const g = (id: number, name: string, count: number) => ({ id, name, count });
// The answer's wire form (the legacy client's shape) built from one list per kind.
const SUMMARY = {
  gender_group: [g(1, 'Female', 40), g(2, 'Male', 35)],
  age_group: [g(1, '18-24', 20), g(2, '25-34', 55)],
  family_group: [g(1, 'Single', 30), g(3, 'Family', 45)],
  earnings_group: [g(1, '0-20', 10), g(2, '20-40', 65)],
  socialgrade_group: [g(1, 'AB', 75)],
  ethnicity_group: [g(1, 'White', 0)],
};

function api() {
  return stubHttp((req) => {
    if (/_list$/.test(req.url)) return { data: { success: true, data: [] } };
    if (req.url.endsWith('/participant_demographic_summary')) return { data: { success: true, data: summaryData(SUMMARY), study_id: 9, study_name: 'Spring', total: 75 } };
    return { status: 404, data: {} };
  });
}

describe('<gaze-demographic-report>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', 'tok');
    localStorage.setItem('token', 'tok');
  });
  afterEach(() => {
    setCsvSaver();
    setDownloadAlert();
  });

  it('D3-268 the demographics pies per group with a limit-to-eyetracking option, in the reports context', async () => {
    const http = api();
    const el = await mount('gaze-demographic-report', { 'study-id': '9' });
    await waitFor(() => $$(el, '[part="pie"]').length === 6, 'six pies');
    expect($$(el, '[part="pie"]').map((p) => p.getAttribute('data-title'))).to.deep.equal(['Gender', 'Age', 'Family', 'Earnings', 'Social grade', 'Ethnicity']);
    expect($(el, '[part="title"]')!.textContent).to.equal('Participant demographics: Spring');
    const limit = $(el, '[part="limit"] input') as HTMLInputElement;
    expect($(el, '[part="limit"]')!.textContent).to.equal('Limit to eyetracking');
    limit.click();
    await waitFor(() => http.requests.filter((r) => r.url.endsWith('/participant_demographic_summary')).length === 2, 'refetched');
    const bodies = http.requests.filter((r) => r.url.endsWith('/participant_demographic_summary')).map((r) => (r.body as { limit_to_eyetracking: boolean }).limit_to_eyetracking);
    expect(bodies).to.deep.equal([false, true]);
  });

  it('D3-268 the CSV download of the pies (D3-269 comma and CRLF)', async () => {
    const saved: { name: string; text: string }[] = [];
    setCsvSaver((blob, name) => { void blob.text().then((t) => saved.push({ name, text: t })); });
    api();
    const el = await mount('gaze-demographic-report', { 'study-id': '9' });
    await waitFor(() => $$(el, '[part="pie"]').length === 6, 'six pies');
    ($(el, '[part="download"] button') as HTMLButtonElement).click();
    await waitFor(() => saved.length === 1, 'saved');
    expect(saved[0].name).to.equal('participant-demographics.csv');
    expect(saved[0].text.split('\r\n')[0]).to.equal('Group,Name,Count');
    expect(saved[0].text.split('\r\n')).to.include('Gender,Female,40');
  });
});
