import { expect } from '@open-wc/testing';
import './order-confirmation.element';
import '../study-chooser/study-chooser.element';
import { rememberCreated } from '../../core/study-create/created';
import { $, $$, mount, resetPage, stubHttp, text, waitForText, describe, it, beforeEach } from '../test-utils';

function signIn(superUser: boolean) {
  localStorage.setItem('user', JSON.stringify({ first_name: 'Ada', last_name: 'L', email: 'a@a.example', username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: superUser }));
  localStorage.setItem('superUser', String(superUser));
  localStorage.setItem('token', 't0k');
}

describe('<gaze-order-confirmation>', () => {
  beforeEach(() => { resetPage('/v1.0'); sessionStorage.clear(); stubHttp(() => ({ data: { success: true } })); });

  it('D3-110…D3-113: the texts and the two buttons; no links table without a success message', async () => {
    signIn(false);
    const el = await mount('gaze-order-confirmation', { 'study-id': '77' });
    await waitForText(el, 'Thank you for your order.');
    expect(text(el)).to.contain('Thank you for your order.');
    expect(text(el)).to.contain('Your project is ready number 77. We will send you an update when your order has been setup.');
    expect($(el, '[part~="home"]')!.getAttribute('href')).to.equal('/');
    expect($(el, '[part~="details"]')!.getAttribute('href')).to.equal('/my_studies/overview/77/');
    expect($(el, '[part~="links"]')).to.equal(null);
  });

  it('D3-114…D3-120: links without &participant=, Automate disabled with its tooltip, page previews with ordinals', async () => {
    signIn(false);
    rememberCreated({ study_id: 78, start_url: 'http://h/take/78?panel=2&sig=x&participant=', start_url_test: 'http://h/take/78?test=1&sig=y&participant=', incontext_urls: [{ step_url: 'https://a.example.com/' }, { step_url: 'https://b.example.com/' }] });
    const el = await mount('gaze-order-confirmation', { 'study-id': '78' });
    await waitForText(el, 'Thank you for your order.');
    expect(text(el)).to.contain('Study Previews');
    expect($(el, '[part~="test-link"]')!.getAttribute('href')).to.equal('http://h/take/78?test=1&sig=y');
    expect($(el, '[part~="real-link"]')!.getAttribute('href')).to.equal('http://h/take/78?panel=2&sig=x');
    expect($(el, '[part~="automate"]')!.getAttribute('aria-disabled')).to.equal('true');
    expect(text(el)).to.contain('Only Admin can automate this study');
    const rows = $$(el, '[part~="page-row"]').map((r) => r.textContent);
    expect(rows[0]).to.contain('View Page 1').and.contain('This will be the first test page your respondents will see');
    expect(rows[1]).to.contain('This will be the second test page your respondents will see');
  });

  it('D3-119 D3-120 issue 38: an embedded study previews every cell\'s page under its cell, each the first its respondents see', async () => {
    signIn(false);
    rememberCreated({
      study_id: 81, start_url: 'http://h/take/81?sig=x', start_url_test: 'http://h/take/81?test=1&sig=y',
      incontext_urls: [{ step_url: 'https://a.example.com/', cell_name: 'Cell 1' }, { step_url: 'https://b.example.com/', cell_name: 'Cell 2' }, { step_url: 'https://c.example.com/', cell_name: 'Cell 3' }],
    });
    const el = await mount('gaze-order-confirmation', { 'study-id': '81' });
    await waitForText(el, 'Thank you for your order.');
    const rows = $$(el, '[part~="page-row"]');
    expect(rows.map((r) => r.querySelector('a')!.getAttribute('href'))).to.deep.equal(['https://a.example.com/', 'https://b.example.com/', 'https://c.example.com/']);
    expect(rows.map((r) => r.querySelector('th')!.textContent)).to.deep.equal(['View Page 1 Cell 1', 'View Page 2 Cell 2', 'View Page 3 Cell 3']);
    for (const r of rows) expect(r.textContent).to.contain('This will be the first test page your respondents will see');
  });

  it('issue 38: each link row name and its note are apart, in text and on screen', async () => {
    signIn(false);
    rememberCreated({ study_id: 79, start_url: 'http://h/take/79?sig=x&participant=', start_url_test: 'http://h/take/79?test=1&sig=y&participant=', incontext_urls: [] });
    const el = await mount('gaze-order-confirmation', { 'study-id': '79' });
    await waitForText(el, 'Thank you for your order.');
    const heads = $$(el, '[part~="links"] th[scope="row"]');
    expect(heads[0].textContent).to.equal('Take a test study results not counted');
    expect(text(el)).not.to.contain('studyresults');
    const note = heads[0].querySelector('small')!;
    expect(getComputedStyle(note).display).to.equal('block');
  });

  it('issue 35: an unknown or another company\'s study (404 from the server) is "Study not found", not "ready number"', async () => {
    signIn(false);
    const http = stubHttp((req) => (req.url.endsWith('/studies/999999/details')
      ? { status: 404, data: { success: false, message: 'Study not found' } }
      : { data: { success: true, id: 80, name: 'Mine' } }));
    const el = await mount('gaze-order-confirmation', { 'study-id': '999999' });
    await waitForText(el, 'Study not found');
    expect(text(el)).to.not.contain('ready number');
    expect(text(el)).to.not.contain('Thank you for your order.');
    expect(http.requests.some((r) => r.url.endsWith('/v1.0/studies/999999/details'))).to.equal(true);
    el.remove();
    const mine = await mount('gaze-order-confirmation', { 'study-id': '80' });
    await waitForText(mine, 'Your project is ready number 80.');
  });

  it('D3-117: a super user confirms the run-through', async () => {
    signIn(true);
    rememberCreated({ study_id: 79, start_url: 'http://h/take/79?sig=x', start_url_test: 'http://h/take/79?test=1&sig=y', incontext_urls: [] });
    const el = await mount('gaze-order-confirmation', { 'study-id': '79' });
    await waitForText(el, 'Thank you for your order.');
    expect($(el, '[part~="pages"]')).to.equal(null);
    ($(el, '[part~="automate"]') as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 50));
    expect(text(el)).to.contain('Confirm trigger of the study run-through test?');
  });
});

describe('<gaze-study-chooser>', () => {
  beforeEach(() => resetPage('/v1.0'));
  it('D3-001…D3-007: custom study, four cards, two more for super users', async () => {
    signIn(false);
    let el = await mount('gaze-study-chooser');
    expect($(el, '[part~="custom"]')!.getAttribute('href')).to.equal('/create-study/custom-study');
    expect($$(el, '[part~="card"]').map((a) => a.getAttribute('href'))).to.deep.equal([
      '/create-study/social-media-study', '/create-study/digital-ad-test', '/create-study/YouTube-study', '/create-study/vast-ad-test',
    ]);
    el.remove();
    resetPage('/v1.0');
    signIn(true);
    el = await mount('gaze-study-chooser');
    expect($$(el, '[part~="card"]').map((a) => a.querySelector('h2')!.textContent)).to.deep.equal([
      'Social Media', 'Digital Ad Test', 'YouTube', 'Vast Ad Test', 'Digital Rich Media', 'Focus Project Setup',
    ]);
    expect($$(el, '[part~="card"]').slice(4).map((a) => a.getAttribute('href'))).to.deep.equal(['/create-study/digital-rich-study', '/create-study/Lumen-panel-setup']);
  });
});
