import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import './panels.element';
import { $, $$, byLabel, mount, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from '../test-utils';

const NS = {
  id: 4, name: 'Northstar', code: 'nsp', success_redirect_url: 'https://ns.example/ok', screenout_redirect_url: 'https://ns.example/so',
  quota_full_redirect_url: 'https://ns.example/qf', participant_insert_parameter: 'rid',
};

function signIn() {
  localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
  localStorage.setItem('token', 't0k');
}

function api(opts: { failSave?: boolean } = {}) {
  let panels = [NS];
  return stubHttp((req) => {
    if (req.url.endsWith('/audience/overview')) return { data: { success: true, participants_requested: 100, panels, data: panels[0] ?? null } };
    if (req.url.endsWith('/audience/create')) {
      if (opts.failSave) return { status: 500, data: { success: false, message: 'Internal server error' } };
      const p = { ...(req.body as typeof NS), id: 9 };
      panels = [...panels, p];
      return { data: { success: true, panel: p } };
    }
    if (/\/audience\/\d+\/edit$/.test(req.url)) {
      panels = panels.map((p) => (req.url.includes(`/${p.id}/`) ? { ...p, ...(req.body as object) } : p));
      return { data: { success: true, panel: panels[0] } };
    }
    if (/\/audience\/\d+\/delete$/.test(req.url)) {
      panels = panels.filter((p) => !req.url.includes(`/${p.id}/`));
      return { data: { success: true } };
    }
    if (req.url.endsWith('/links') || req.url.endsWith('/overview')) return { data: { success: true } };
    return { status: 404, data: {} };
  });
}

const calls = (reqs: RecordedRequest[], suffix: string) => reqs.filter((r) => r.url.endsWith(suffix));
const FIELDS = ['Name', 'Code', 'Complete Redirect', 'Disqualify Redirect', 'Overquota Redirect', 'Parameter'];

describe('<gaze-panels>', () => {
  beforeEach(() => { resetPage('/v1.0'); signIn(); });

  it('D2-009 D2-044 lists the panels', async () => {
    const http = api();
    const el = await mount('gaze-panels', { 'study-id': '7' });
    await waitForText(el, 'Northstar');
    expect(calls(http.requests, '/v1.0/studies/7/audience/overview')[0].method).to.equal('POST');
    expect($$(el, 'tbody tr').map((r) => r.textContent)).to.deep.equal(['NorthstarnspridEditDelete']);
  });

  it("D2-039 D2-040 D2-041 D2-046 the create modal: labels, focus, the six messages at submit only, then it creates and closes", async () => {
    const http = api();
    const el = await mount('gaze-panels', { 'study-id': '7' });
    await waitForText(el, 'Northstar');
    const opener = $(el, '[part="add-panel"]') as HTMLButtonElement;
    opener.focus();
    opener.click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'modal');
    expect(dialog.querySelector('h2, h1, [id]')!.textContent).to.include('Add panel');
    for (const label of FIELDS) expect(byLabel(el, label)).to.exist;
    // Focus starts on the first field; typing into one field shows no message (submit time only).
    await waitFor(() => el.shadowRoot!.activeElement === byLabel(el, 'Name'), 'focus on Name');
    typeInto(byLabel(el, 'Code'), '');
    expect(dialog.querySelectorAll('[role="alert"]')).to.have.length(0);
    (Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Create panel') as HTMLButtonElement).click();
    await waitForText(el, 'Parameter required');
    const messages = Array.from(dialog.querySelectorAll('[role="alert"]')).map((a) => a.textContent);
    expect(messages).to.deep.equal([
      'Name required', 'Code required', 'Complete redirect required', 'disqualify redirect required', 'Overquota redirect required', 'Parameter required',
    ]);
    expect(calls(http.requests, '/audience/create')).to.have.length(0);
    const values = ['OpinionHub', 'oph', 'https://o.example/ok', 'https://o.example/so', 'https://o.example/qf', 'pid'];
    FIELDS.forEach((label, i) => typeInto(byLabel(el, label), values[i]));
    (Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Create panel') as HTMLButtonElement).click();
    await waitFor(() => !$(el, '[role="dialog"]'), 'modal closed');
    expect(calls(http.requests, '/v1.0/studies/7/audience/create')[0].body).to.deep.equal({
      name: 'OpinionHub', code: 'oph', success_redirect_url: 'https://o.example/ok', screenout_redirect_url: 'https://o.example/so',
      quota_full_redirect_url: 'https://o.example/qf', participant_insert_parameter: 'pid',
    });
    // D2-045: the panels, the links and the overview are fetched again.
    await waitForText(el, 'OpinionHub');
    expect(calls(http.requests, '/links')).to.have.length(1);
    expect(calls(http.requests, '/7/overview')).to.have.length(1);
    // Focus went back to the opener.
    await waitFor(() => el.shadowRoot!.activeElement === opener, 'focus back on Add panel');
  });

  it('D2-047 a failed submit re-enables the form, keeps the modal and says what failed', async () => {
    api({ failSave: true });
    const el = await mount('gaze-panels', { 'study-id': '7' });
    await waitForText(el, 'Northstar');
    ($(el, '[part="add-panel"]') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, '[role="dialog"]'), 'modal');
    // Valid values (redirects are http(s) URLs, issue 35): the server refuses the save.
    FIELDS.forEach((label) => typeInto(byLabel(el, label), /Redirect$/.test(label) ? 'https://panel.example/x' : 'x'));
    (Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Create panel') as HTMLButtonElement).click();
    await waitForText(el, 'Could not save the panel:');
    expect($(el, '[role="dialog"]')).to.exist;
    expect((byLabel(el, 'Name') as HTMLInputElement).disabled).to.equal(false);
  });

  it('D2-043 edits a panel with its values filled in; Escape closes the modal', async () => {
    const http = api();
    const el = await mount('gaze-panels', { 'study-id': '7' });
    await waitForText(el, 'Northstar');
    ($(el, 'button[aria-label="Edit panel Northstar"]') as HTMLButtonElement).click();
    await waitFor(() => $(el, '[role="dialog"]'), 'modal');
    expect((byLabel(el, 'Parameter') as HTMLInputElement).value).to.equal('rid');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[role="dialog"]'), 'closed by Escape');
    ($(el, 'button[aria-label="Edit panel Northstar"]') as HTMLButtonElement).click();
    await waitFor(() => $(el, '[role="dialog"]'), 'modal again');
    typeInto(byLabel(el, 'Name'), 'Northstar UK');
    (Array.from($(el, '[role="dialog"]')!.querySelectorAll('button')).find((b) => b.textContent === 'Save panel') as HTMLButtonElement).click();
    await waitForText(el, 'Northstar UK');
    expect(calls(http.requests, '/v1.0/studies/7/audience/4/edit')[0].body).to.include({ name: 'Northstar UK', code: 'nsp' });
  });

  it('D2-045 delete asks first, then removes the panel and refreshes the links and the overview', async () => {
    const http = api();
    const el = await mount('gaze-panels', { 'study-id': '7' });
    await waitForText(el, 'Northstar');
    ($(el, 'button[aria-label="Delete panel Northstar"]') as HTMLButtonElement).click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), 'confirmation');
    expect(dialog.textContent).to.include("Delete the panel 'Northstar'?");
    (dialog.querySelector('[part="confirm"]') as HTMLButtonElement).click();
    await waitForText(el, 'No panels yet');
    expect(calls(http.requests, '/v1.0/studies/7/audience/4/delete')).to.have.length(1);
    expect(calls(http.requests, '/links')).to.have.length(1);
    expect(calls(http.requests, '/7/overview')).to.have.length(1);
    expect(text(el)).not.to.include('Northstar');
  });
});
