import { expect } from '@open-wc/testing';
import './audience-form.element';
import { $, byLabel, mount, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

const NS = {
  id: 4, name: 'Northstar', code: 'nsp', success_redirect_url: 'https://ns.example/ok', screenout_redirect_url: 'https://ns.example/so',
  quota_full_redirect_url: 'https://ns.example/qf', participant_insert_parameter: 'rid',
};
const calls = (reqs: RecordedRequest[], suffix: string) => reqs.filter((r) => r.url.endsWith(suffix));

describe('<gaze-audience-form>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  it('D2-022 D2-039 D2-041 edits the first panel, or defines a new one with the submit-time messages', async () => {
    const http = stubHttp((req) => {
      if (req.url.endsWith('/audience/overview')) return { data: { success: true, participants_requested: 150, panels: [NS], data: NS } };
      if (req.url.endsWith('/audience/4/edit')) return { data: { success: true, panel: { ...NS, ...(req.body as object) } } };
      if (req.url.endsWith('/audience/create')) return { data: { success: true, panel: { ...(req.body as object), id: 9 } } };
      return { data: { success: true } };
    });
    const el = await mount('gaze-audience-form', { 'study-id': '7' });
    await waitForText(el, 'Edit audience');
    await waitForText(el, 'Participants requested: 150');
    expect((byLabel(el, 'Complete Redirect') as HTMLInputElement).value).to.equal('https://ns.example/ok');
    typeInto(byLabel(el, 'Parameter'), 'respondent');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitForText(el, 'Panel saved.');
    expect(calls(http.requests, '/v1.0/studies/7/audience/4/edit')[0].body).to.include({ participant_insert_parameter: 'respondent', name: 'Northstar' });
    const select = byLabel(el, 'Panel') as unknown as HTMLSelectElement;
    select.value = 'new';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => (byLabel(el, 'Name') as HTMLInputElement).value === '', 'an empty form');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitForText(el, 'Overquota redirect required');
    const messages = Array.from(el.shadowRoot!.querySelectorAll('[role="alert"]')).map((a) => a.textContent);
    expect(messages).to.deep.equal([
      'Name required', 'Code required', 'Complete redirect required', 'disqualify redirect required', 'Overquota redirect required', 'Parameter required',
    ]);
    expect(calls(http.requests, '/audience/create')).to.have.length(0);
    expect($(el, 'a')!.getAttribute('href')).to.equal('/my_studies/overview/7');
  });

  it('issue 35: a redirect that is not an http(s) URL ("not a url", javascript:) gets "Please enter a valid URL" and is not sent', async () => {
    const http = stubHttp((req) => {
      if (req.url.endsWith('/audience/overview')) return { data: { success: true, participants_requested: 150, panels: [NS], data: NS } };
      if (req.url.endsWith('/audience/4/edit')) return { data: { success: true, panel: { ...NS, ...(req.body as object) } } };
      return { data: { success: true } };
    });
    const el = await mount('gaze-audience-form', { 'study-id': '7' });
    await waitForText(el, 'Participants requested: 150');
    typeInto(byLabel(el, 'Complete Redirect'), 'not a url');
    typeInto(byLabel(el, 'Disqualify Redirect'), 'javascript:alert(1)');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitForText(el, 'Please enter a valid URL');
    const messages = Array.from(el.shadowRoot!.querySelectorAll('[role="alert"]')).map((a) => a.textContent);
    expect(messages).to.deep.equal(['Please enter a valid URL', 'Please enter a valid URL']);
    expect(calls(http.requests, '/audience/4/edit')).to.have.length(0);
    typeInto(byLabel(el, 'Complete Redirect'), 'https://ns.example/done');
    typeInto(byLabel(el, 'Disqualify Redirect'), 'http://ns.example/out');
    ($(el, 'button[type="submit"]') as HTMLButtonElement).click();
    await waitForText(el, 'Panel saved.');
    expect(calls(http.requests, '/audience/4/edit')[0].body).to.include({ success_redirect_url: 'https://ns.example/done', screenout_redirect_url: 'http://ns.example/out' });
  });
});
