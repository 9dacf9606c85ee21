import { expect } from '@open-wc/testing';
import './contact.element';
import { getStore } from '../../core/store/store';
import { sendContact } from '../../core/contact/contact';
import { $, buttonByText, byLabel, deferred, mount, pageApi, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach, type StubResponse } from '../test-utils';

describe('<gaze-contact>', () => {
  beforeEach(() => resetPage('/api'));

  it('D1-043 D1-044 e-mail is required; nothing is sent without it', async () => {
    const http = stubHttp();
    const el = await mount('gaze-contact');
    expect(byLabel(el, 'Email')).to.exist;
    expect(byLabel(el, 'Message').tagName).to.equal('TEXTAREA');
    buttonByText(el, 'Send').click();
    await waitForText(el, 'Required');
    expect(http.requests).to.have.length(0);
  });

  it('D1-045 D1-046 D1-047 sends {email, message}, disabled while sending, then green Success', async () => {
    const hold = deferred<StubResponse>();
    const http = stubHttp(() => hold.promise);
    const el = await mount('gaze-contact');
    typeInto(byLabel(el, 'Email'), 'ada@example.com');
    typeInto(byLabel(el, 'Message'), 'Hello there');
    buttonByText(el, 'Send').click();
    await waitFor(() => http.requests.length === 1, 'request');
    expect(http.requests[0].method).to.equal('POST');
    expect(http.requests[0].url).to.equal('/api/contact-us');
    expect(http.requests[0].body).to.deep.equal({ email: 'ada@example.com', message: 'Hello there' });
    await waitFor(() => buttonByText(el, 'Send').matches(':disabled'), 'disabled while sending');
    expect(byLabel(el, 'Email').matches(':disabled')).to.equal(true);
    hold.resolve({ data: { success: true } });
    await waitForText(el, 'Success');
    const ok = $(el, '[part="success"]')!;
    expect(ok.textContent).to.equal('Success');
    const [r, g, b] = getComputedStyle(ok).color.match(/\d+/g)!.map(Number);
    expect(g).to.be.greaterThan(r);
    expect(g).to.be.greaterThan(b);
    expect(buttonByText(el, 'Send').matches(':disabled')).to.equal(false);
  });

  it('D1-048 D1-049 a failure shows nothing and stores the error', async () => {
    stubHttp(() => ({ status: 500, data: { success: false, message: 'mail server down' } }));
    const el = await mount('gaze-contact');
    typeInto(byLabel(el, 'Email'), 'ada@example.com');
    const before = text(el);
    buttonByText(el, 'Send').click();
    await waitFor(() => sendContact.select(getStore().getState(), pageApi()).error !== null, 'error stored');
    expect(sendContact.select(getStore().getState(), pageApi()).error).to.equal('mail server down');
    await waitFor(() => !buttonByText(el, 'Send').matches(':disabled'), 're-enabled');
    expect(text(el)).to.equal(before);
    expect(text(el)).not.to.contain('Success');
  });

  it('issue 10 item 2: a malformed e-mail gets a clear message in the form and is not sent', async () => {
    const http = stubHttp();
    const el = await mount('gaze-contact');
    typeInto(byLabel(el, 'Email'), 'ada@example');
    buttonByText(el, 'Send').click();
    await waitForText(el, 'Enter a valid e-mail address, like name@example.com');
    expect(byLabel(el, 'Email').getAttribute('aria-invalid')).to.equal('true');
    expect(http.requests).to.have.length(0);
  });

  it("issue 10 item 2: the server's 400 is shown to the person, naming the refused field", async () => {
    stubHttp(() => ({ status: 400, data: { success: false, message: 'Validation failed', errors: { email: 'must be a valid e-mail address' } } }));
    const el = await mount('gaze-contact');
    typeInto(byLabel(el, 'Email'), 'ada@example.com');
    buttonByText(el, 'Send').click();
    await waitFor(() => $(el, '[role="alert"]'), 'the refusal shown');
    expect($(el, '[role="alert"]')!.textContent).to.equal('E-mail must be a valid e-mail address.');
    expect(text(el)).not.to.contain('Success');
  });
});
