import { expect } from '@open-wc/testing';
import './account/account.element';
import './contact/contact.element';
import { getStore } from '../core/store/store';
import { sendContact } from '../core/contact/contact';
import { defineElement } from './define';
import { buttonByText, byLabel, mount, pageApi, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from './test-utils';

const USER = {
  first_name: 'Ada', last_name: 'L', location: null, job_title: null, phone_number: null,
  email: 'ada@example.com', username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: false,
};

describe('defineElement', () => {
  beforeEach(() => resetPage('/api'));

  it('two elements on one page share one store', async () => {
    stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : { data: {} }));
    const a = await mount('gaze-account');
    const b = await mount('gaze-account');
    await waitFor(() => byLabel(a, 'First name').value === 'Ada' && byLabel(b, 'First name').value === 'Ada', 'both loaded');
    typeInto(byLabel(a, 'First name'), 'Augusta');
    buttonByText(a, 'Save').click();
    // b never saw the typing: only the shared store can carry the saved value over.
    await waitFor(() => byLabel(b, 'First name').value === 'Augusta', 'second element updated');
  });

  it('a store action shows in every element at once (contact success)', async () => {
    stubHttp((req) => (req.url === '/api/user/get-details' ? { data: USER } : { data: {} }));
    const c = await mount('gaze-contact');
    const acc = await mount('gaze-account');
    getStore().dispatch(sendContact.actions.run({ api: pageApi(), args: { email: 'a@b.co', message: '' } }));
    await waitForText(c, 'Success');
    expect(text(acc)).not.to.contain('Success');
  });

  it('D1-127 company-id attribute adds X-Company-Id; a 401 ends the session', async () => {
    // The page store is created lazily, so it starts from this stored session (D1-029).
    localStorage.setItem('user', JSON.stringify(USER));
    localStorage.setItem('token', 'stored-token');
    const http = stubHttp(() => ({ status: 401, data: { success: false, message: 'Token expired' } }));
    const expired = new Promise<Event>((r) => window.addEventListener('gaze-session-expired', r, { once: true }));
    expect(getStore().getState().session.authenticated).to.equal(true);
    await mount('gaze-account', { 'company-id': '7' });
    await waitFor(() => http.requests.length > 0, 'request');
    expect(http.requests[0].headers.authorization).to.equal('Token stored-token');
    expect(http.requests[0].headers['x-company-id']).to.equal('7');
    await expired;
    expect(getStore().getState().session.authenticated).to.equal(false);
    expect(localStorage.getItem('token')).to.equal(null);
    expect(localStorage.getItem('user')).to.equal(null);
  });

  it('a tag missing from the registry fails the type check (compile-time)', () => {
    const unregistered = () =>
      // @ts-expect-error 'gaze-not-registered' is not a key of GazeElementRegistry
      defineElement('gaze-not-registered', () => null);
    expect(typeof unregistered).to.equal('function');
  });
});
