import { expect } from '@open-wc/testing';
import './home.element';
import { $, $$, mount, resetPage, stubHttp, text, waitForText, describe, it, beforeEach } from '../test-utils';

const OVERVIEW = { total_live: 7, total_completed: 12, company: 'Acme Research', company_logo_url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', first_name: 'Ada' };

function signIn(userType: number) {
  localStorage.setItem('user', JSON.stringify({
    first_name: 'Ada', last_name: 'L', location: null, job_title: null, phone_number: null, email: 'a@x.io',
    username: 'ada', company_name: 'Acme Research', company_id: 1, user_type_id: userType, super_user: false,
  }));
  localStorage.setItem('userType', String(userType));
  localStorage.setItem('token', 't0k');
}

describe('<gaze-home>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('D1-078 D1-079 D1-080 greets by first name, shows company name, logo and both counts', async () => {
    signIn(1);
    const http = stubHttp(() => ({ data: OVERVIEW }));
    const el = await mount('gaze-home');
    await waitForText(el, 'Ada');
    expect(http.requests[0]).to.include({ method: 'GET', url: '/v1.0/studies/overview' });
    expect(http.requests[0].headers.authorization).to.equal('Token t0k');
    expect($(el, '[part="greeting"]')!.textContent).to.equal('Hello, Ada');
    expect($(el, '[part="company"]')!.textContent).to.include('Acme Research');
    const logo = $(el, 'img[part="logo"]') as HTMLImageElement;
    expect(logo.getAttribute('src')).to.equal(OVERVIEW.company_logo_url);
    expect(logo.alt).to.equal('Acme Research');
    expect($(el, '[data-count="live"]')!.textContent).to.equal('7 Live studies');
    expect($(el, '[data-count="completed"]')!.textContent).to.equal('12 Completed studies');
  });

  it('D1-081 Create Study link for user type 1, emitting gaze-navigate to /create-study', async () => {
    signIn(1);
    stubHttp(() => ({ data: OVERVIEW }));
    const el = await mount('gaze-home');
    await waitForText(el, 'Ada');
    const link = $$(el, 'a').find((a) => a.textContent === 'Create Study') as HTMLAnchorElement;
    expect(link.getAttribute('href')).to.equal('/create-study');
    let path = '';
    el.addEventListener('gaze-navigate', (e) => (path = (e as CustomEvent<{ path: string }>).detail.path));
    link.click();
    expect(path).to.equal('/create-study');
  });

  it('D1-081 D1-082 no Create Study for other user types; counts come from the same endpoint', async () => {
    signIn(2);
    const http = stubHttp(() => ({ data: { ...OVERVIEW, total_live: 3, total_completed: 4 } }));
    const el = await mount('gaze-home');
    await waitForText(el, 'Ada');
    expect(text(el)).to.not.include('Create Study');
    expect($(el, '[data-count="live"]')!.textContent).to.equal('3 Live studies');
    expect(http.requests.map((r) => r.url)).to.deep.equal(['/v1.0/studies/overview']);
  });

  it('D1-081 with only the stored userType (no stored user) type 1 still sees Create Study', async () => {
    localStorage.setItem('userType', '1');
    stubHttp(() => ({ data: OVERVIEW }));
    const el = await mount('gaze-home');
    await waitForText(el, 'Create Study');
  });

  it('no logo element when the company has none', async () => {
    signIn(1);
    stubHttp(() => ({ data: { ...OVERVIEW, company_logo_url: null } }));
    const el = await mount('gaze-home');
    await waitForText(el, 'Ada');
    expect($(el, 'img')).to.equal(null);
  });
});
