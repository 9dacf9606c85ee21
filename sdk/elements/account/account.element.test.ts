import { expect } from '@open-wc/testing';
import './account.element';
import { getStore } from '../../core/store/store';
import { saveProfile } from '../../core/account/account';
import { $, buttonByText, byLabel, deferred, mount, text, pageApi, resetPage, stubHttp, typeInto, waitFor, waitForText, describe, it, beforeEach, type StubResponse } from '../test-utils';

const USER = {
  first_name: 'Ada', last_name: null, location: 'London', job_title: null, phone_number: null,
  email: 'ada@example.com', username: 'ada', company_name: 'Acme Research', company_id: 1, user_type_id: 1, super_user: false,
};

describe('<gaze-account>', () => {
  beforeEach(() => resetPage('/api'));

  it('D1-037 D1-039 loads the profile; nulls are empty fields; company name read-only (D1-038)', async () => {
    stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : { data: {} }));
    const el = await mount('gaze-account');
    await waitFor(() => byLabel(el, 'First name').value === 'Ada', 'profile loaded');
    expect(byLabel(el, 'Last name').value).to.equal('');
    expect(byLabel(el, 'Location').value).to.equal('London');
    expect(byLabel(el, 'Job title').value).to.equal('');
    expect(byLabel(el, 'Phone number').value).to.equal('');
    expect(byLabel(el, 'Email').value).to.equal('ada@example.com');
    const company = byLabel(el, 'Company name') as HTMLInputElement;
    expect(company.value).to.equal('Acme Research');
    expect(company.readOnly).to.equal(true);
    expect((byLabel(el, 'First name') as HTMLInputElement).readOnly).to.equal(false);
  });

  it('D1-040 D1-041 saves via update-details and is disabled while saving', async () => {
    const hold = deferred<StubResponse>();
    const http = stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : hold.promise));
    const el = await mount('gaze-account');
    await waitFor(() => byLabel(el, 'First name').value === 'Ada', 'profile loaded');
    typeInto(byLabel(el, 'Job title'), 'Researcher');
    buttonByText(el, 'Save').click();
    await waitFor(() => http.requests.some((r) => r.url === '/api/user/update-details'), 'save request');
    const save = http.requests.find((r) => r.url === '/api/user/update-details')!;
    expect(save.method).to.equal('POST');
    expect(save.body).to.deep.equal({
      first_name: 'Ada', last_name: '', location: 'London', job_title: 'Researcher', phone_number: '', email: 'ada@example.com',
    });
    await waitFor(() => (el.shadowRoot!.querySelector('fieldset') as HTMLFieldSetElement).disabled, 'disabled while saving');
    expect(buttonByText(el, 'Save').matches(':disabled')).to.equal(true);
    expect((byLabel(el, 'Job title') as HTMLInputElement).matches(':disabled')).to.equal(true);
    hold.resolve({ data: { success: true } });
    await waitFor(() => !(el.shadowRoot!.querySelector('fieldset') as HTMLFieldSetElement).disabled, 're-enabled');
    expect(byLabel(el, 'Job title').value).to.equal('Researcher');
    expect(saveProfile.select(getStore().getState(), pageApi()).count).to.equal(1);
    // Issue 38: the save that worked says so, in a status region.
    await waitForText(el, 'Your details have been saved.');
    expect(el.shadowRoot!.querySelector('[part="success"]')!.getAttribute('role')).to.equal('status');
  });

  it('D1-042 a failed save re-enables the form with no message', async () => {
    const hold = deferred<StubResponse>();
    stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : hold.promise));
    const el = await mount('gaze-account');
    await waitFor(() => byLabel(el, 'First name').value === 'Ada', 'profile loaded');
    const before = el.shadowRoot!.textContent;
    const fieldset = el.shadowRoot!.querySelector('fieldset') as HTMLFieldSetElement;
    buttonByText(el, 'Save').click();
    await waitFor(() => fieldset.disabled, 'disabled while saving');
    hold.resolve({ status: 500, data: { success: false, message: 'boom' } });
    await waitFor(() => !fieldset.disabled, 're-enabled');
    expect(saveProfile.select(getStore().getState(), pageApi()).status).to.equal('error');
    expect(el.shadowRoot!.textContent).to.equal(before);
    expect(el.shadowRoot!.querySelector('[role="alert"]')).to.equal(null);
  });

  it('issue 10 item 2: the form cannot be edited or submitted before the profile has loaded (no empty save)', async () => {
    const profile = deferred<StubResponse>();
    const http = stubHttp((req) => (req.url === '/api/user/get-details' ? profile.promise : { data: { success: true } }));
    const el = await mount('gaze-account');
    await waitFor(() => http.requests.length === 1, 'profile requested');
    const fieldset = el.shadowRoot!.querySelector('fieldset') as HTMLFieldSetElement;
    expect(fieldset.disabled).to.equal(true);
    expect(buttonByText(el, 'Save').matches(':disabled')).to.equal(true);
    expect(byLabel(el, 'First name').matches(':disabled')).to.equal(true);
    expect(text(el)).to.contain('Loading your profile');
    // Enter in a field and a click on Save both do nothing while it loads.
    buttonByText(el, 'Save').click();
    (el.shadowRoot!.querySelector('form') as HTMLFormElement).requestSubmit();
    await new Promise((r) => setTimeout(r, 50));
    expect(http.requests.filter((r) => r.url === '/api/user/update-details')).to.have.length(0);
    profile.resolve({ data: USER });
    await waitFor(() => byLabel(el, 'First name').value === 'Ada', 'profile loaded');
    expect(fieldset.disabled).to.equal(false);
    expect(text(el)).not.to.contain('Loading your profile');
  });

  it('issue 10 item 2: a failed load keeps the form locked and offers a retry', async () => {
    let calls = 0;
    stubHttp((req) => (req.url === '/api/user/get-details' ? (++calls === 1 ? { status: 500, data: { success: false, message: 'down' } } : { data: USER }) : { data: {} }));
    const el = await mount('gaze-account');
    await waitFor(() => $(el, '[role="alert"]'), 'load error shown');
    expect(buttonByText(el, 'Save').matches(':disabled')).to.equal(true);
    buttonByText(el, 'Try again').click();
    await waitFor(() => byLabel(el, 'First name').value === 'Ada', 'profile loaded on retry');
    expect(buttonByText(el, 'Save').matches(':disabled')).to.equal(false);
  });

  it('issue 38: a company administrator resets a user\'s password (a one-time link, or a temporary password); others see no user list', async () => {
    const users = [{ id: 7, username: 'bea', first_name: 'Bea', last_name: 'Lane', email: 'bea@acme.example', user_type_id: 1, company_admin: false, super_user: false }];
    const http = stubHttp((req) => {
      if (req.url === '/api/user/get-details') return { data: { ...USER, company_admin: true } };
      if (req.url === '/api/company/users') return { data: { data: users } };
      if (req.url === '/api/company/users/7/password-reset') {
        return (req.body as { mode: string }).mode === 'link'
          ? { data: { success: true, mode: 'link', link: 'http://127.0.0.1:8080/reset_password?token=abc', expires_at: '2026-11-27T18:00:00.000Z' } }
          : { data: { success: true, mode: 'temporary', temporary_password: 'TempPass23456789' } };
      }
      return { data: {} };
    });
    const el = await mount('gaze-account');
    const valueOf = (label: string) => { try { return byLabel(el, label).value; } catch { return null; } };
    await waitForText(el, 'Users of your company');
    await waitForText(el, 'bea@acme.example');
    ($(el, 'button[aria-label="Reset link for bea"]') as HTMLButtonElement).click();
    await waitFor(() => valueOf('Reset link for bea') === 'http://127.0.0.1:8080/reset_password?token=abc', 'link shown');
    expect(http.requests.find((r) => r.url === '/api/company/users/7/password-reset')!.body).to.deep.equal({ mode: 'link' });
    ($(el, 'button[aria-label="Temporary password for bea"]') as HTMLButtonElement).click();
    await waitFor(() => valueOf('Temporary password for bea') === 'TempPass23456789', 'temporary password shown');

    resetPage('/api');
    const plain = stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : { data: {} }));
    const other = await mount('gaze-account');
    await waitFor(() => byLabel(other, 'First name').value === 'Ada', 'profile loaded');
    expect(text(other)).not.to.contain('Users of your company');
    expect(plain.requests.some((r) => r.url === '/api/company/users')).to.equal(false);
  });
});
