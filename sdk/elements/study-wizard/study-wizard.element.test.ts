import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import './study-wizard.element';
import { $, $$, mount, navigationsDuring, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

function signIn() {
  localStorage.setItem('user', JSON.stringify({ first_name: 'Ada', last_name: 'L', email: 'ada@acme.example', username: 'ada', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: false }));
  localStorage.setItem('token', 't0k');
}

const LISTS: Record<string, { id: number; code: string; name: string; description: string }[]> = {
  environments_list: [{ id: 1, code: '1', name: 'Webcam', description: 'Webcam' }],
  studylanguages_list: [{ id: 1, code: 'en', name: 'English', description: 'English' }],
  projectlocations_list: [{ id: 1, code: 'gb', name: 'United Kingdom', description: 'United Kingdom' }],
  adtypes_list: [{ id: 2, code: '2', name: 'MPU 300x250', description: 'MPU 300x250' }],
  brands_list: [{ id: 1, code: '1', name: 'Fizzwell', description: 'Fizzwell' }],
  studytypes_list: [
    { id: 1, code: '0', name: 'Custom study', description: 'Custom study' }, { id: 4, code: '4', name: 'Quick study', description: 'Quick study' },
    { id: 5, code: '5', name: 'Social / video ad test', description: 'Social / video ad test' }, { id: 8, code: '8', name: 'Web page study', description: 'Web page study' },
  ],
};

function api(create: () => { status?: number; data: unknown } = () => ({ data: { success: true, study_id: 41, study_type_id: 8, start_url: 'http://x/take/41?sig=a&participant=', start_url_test: 'http://x/take/41?test=1&sig=b', incontext_urls: [{ step_url: 'https://news.example.com/' }], cache_page_ids: [3] } })) {
  return stubHttp((req) => {
    const list = /dashboard\/data\/([\w/]+?)\/?$/.exec(req.url)?.[1];
    if (list) return { data: { success: true, data: LISTS[list] ?? [] } };
    if (req.url.endsWith('/studies/create')) return create();
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
}

const input = (el: HTMLElement, label: string): HTMLInputElement => {
  const l = $$(el, 'label').find((x) => x.textContent?.trim() === label);
  if (!l) throw new Error(`no field ${label}`);
  return el.shadowRoot!.getElementById(l.getAttribute('for')!) as HTMLInputElement;
};
function type(field: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}
const button = (el: HTMLElement, part: string) => $(el, `[part~="${part}"]`) as HTMLButtonElement;
const heading = (el: HTMLElement) => $(el, 'form h2')?.textContent;

describe('<gaze-study-wizard>', () => {
  beforeEach(() => { resetPage('/v1.0'); signIn(); });

  it('D3-011, D3-012, D3-013: Next validates the step, Back returns, the last steps read Review and Create', async () => {
    api();
    const el = await mount('gaze-study-wizard', { kind: 'custom-study' });
    await waitForText(el, 'Basic Details');
    expect(button(el, 'next').textContent).to.equal('Next');
    button(el, 'next').click();
    await waitForText(el, 'Required');
    expect(heading(el)).to.equal('Basic Details');
    type(input(el, 'Study name'), 'x'.repeat(101));
    button(el, 'next').click();
    await waitForText(el, 'Too Long!');
    type(input(el, 'Study name'), 'Spring study');
    button(el, 'next').click();
    await waitFor(() => heading(el) === 'Question Details', 'question step');
    button(el, 'next').click();
    await waitFor(() => heading(el) === 'Panel Details', 'panel step');
    expect(button(el, 'next').textContent).to.equal('Review');
    button(el, 'back').click();
    await waitFor(() => heading(el) === 'Question Details', 'back');
    button(el, 'next').click();
    await waitFor(() => heading(el) === 'Panel Details', 'panel again');
    button(el, 'next').click();
    await waitForText(el, 'Your project is ready for review');
    expect(button(el, 'next').textContent).to.equal('Create');
  });

  it('issue 35: the custom study routes a type with its own wizard to that wizard and will not go on with it', async () => {
    const { requests } = api();
    const el = await mount('gaze-study-wizard', { kind: 'custom-study' });
    await waitForText(el, 'Basic Details');
    type(input(el, 'Study name'), 'Spring study');
    const select = input(el, 'Study type') as unknown as HTMLSelectElement;
    await waitFor(() => select.options.length > 2, 'study types');
    // A researcher is not offered the super users' quick study at all.
    expect(Array.from(select.options).map((o) => o.value)).to.not.include('4');
    type(select, '8');
    await waitForText(el, 'Web page study is set up in its own wizard');
    expect($$(el, '[part~="wizard-link"]').map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([['Open Digital Ad Test', '/create-study/digital-ad-test']]);
    type(select, '5');
    await waitFor(() => $$(el, '[part~="wizard-link"]').length === 3, 'three wizards make type 5');
    expect($$(el, '[part~="wizard-link"]').map((a) => a.getAttribute('href'))).to.deep.equal([
      '/create-study/social-media-study', '/create-study/YouTube-study', '/create-study/vast-ad-test',
    ]);
    button(el, 'next').click();
    await waitForText(el, 'This study type has its own wizard: choose it on the Create Study page');
    expect(heading(el)).to.equal('Basic Details');
    expect(navigationsDuring(() => ($$(el, '[part~="wizard-link"]')[1] as HTMLAnchorElement).click())).to.deep.equal([{ path: '/create-study/YouTube-study', composed: true, bubbles: true }]);
    // Back to the custom type: no note, and the wizard goes on.
    type(select, '0');
    await waitFor(() => !$(el, '[part~="own-wizard"]'), 'the note goes');
    button(el, 'next').click();
    await waitFor(() => heading(el) === 'Question Details', 'question step');
    expect(requests.filter((r) => r.url.endsWith('/studies/create'))).to.have.length(0);
  });

  it('D3-014, D3-015: Cancel asks "Leave this page?" and "yes, i want to leave" goes to /create-study', async () => {
    api();
    const el = await mount('gaze-study-wizard', { kind: 'generic' });
    button(el, 'cancel').click();
    await waitForText(el, 'Leave this page?');
    expect(text(el)).to.contain('If you leave, your current progress will not be saved.');
    const yes = $$(el, 'button').find((b) => b.textContent === 'yes, i want to leave')!;
    expect(navigationsDuring(() => yes.click())).to.deep.equal([{ path: '/create-study', composed: true, bubbles: true }]);
  });

  it("issue 38: the server's URL rule on the field (an IP host is refused at its step, with the rule shown); the error goes as the value becomes valid", async () => {
    api();
    const el = await mount('gaze-study-wizard', { kind: 'digital-ad-test' });
    type(input(el, 'Study name'), 'URL rule study');
    for (let i = 0; i < 3; i++) { button(el, 'next').click(); await new Promise((r) => setTimeout(r, 50)); }
    await waitFor(() => heading(el) === 'Web Page Setup', 'setup');
    type(input(el, 'Web page 1 URL'), 'http://10.0.0.7/page');
    button(el, 'next').click();
    await waitForText(el, 'Must be a valid URL');
    expect(heading(el)).to.equal('Web Page Setup');
    expect(text(el)).to.contain('no local or private addresses');
    const field = input(el, 'Web page 1 URL');
    expect(field.getAttribute('aria-describedby')).to.contain('-hint');
    type(field, 'https://news.example.com/');
    await waitFor(() => !text(el).includes('Must be a valid URL'), 'error cleared as the value became valid');
    expect(text(el)).not.to.contain('no local or private addresses');
  });

  it('D3-059, D3-063, D3-016, D3-017, D3-024: web page rows append, review jumps back, Create emits gaze-study-created then navigates', async () => {
    const { requests } = api();
    const el = await mount('gaze-study-wizard', { kind: 'digital-ad-test' });
    type(input(el, 'Study name'), 'A study name that is rather long, longer than sixty characters in all');
    for (let i = 0; i < 3; i++) { button(el, 'next').click(); await new Promise((r) => setTimeout(r, 50)); }
    await waitFor(() => heading(el) === 'Web Page Setup', 'setup');
    expect($$(el, '[part~="page"]')).to.have.length(1);
    button(el, 'next').click();
    await waitForText(el, 'Required');
    type(input(el, 'Web page 1 URL'), 'https://news.example.com/');
    await waitFor(() => $$(el, '[part~="page"]').length === 2, 'a blank page appended');
    button(el, 'next').click();
    await waitForText(el, 'At least 1 stim required');
    type(input(el, 'Stim 1 URL'), 'https://cdn.example.com/a.png');
    await waitFor(() => $$(el, '[part~="stim-row"]').length === 3, 'a blank stim row appended');
    type(input(el, 'Brand'), 'Fizzwell');
    await waitFor(() => $$(el, 'option').some((o) => o.textContent === 'MPU 300x250'), 'ad types');
    type($$(el, 'select').find((s) => s.closest('[part~="stim-row"]')) as HTMLSelectElement, 'MPU 300x250');
    button(el, 'next').click();
    await waitForText(el, 'Your project is ready for review');
    expect($$(el, '[part~="review-section"]')).to.have.length(4);
    expect(text(el)).to.contain(`${'A study name that is rather long, longer than sixty characters in all'.slice(0, 60)}…`);
    ($$(el, '[part~="edit-step"]')[0]).click();
    await waitFor(() => heading(el) === 'Basic Details', 'jumped to basic');
    for (let i = 0; i < 4; i++) { button(el, 'next').click(); await new Promise((r) => setTimeout(r, 50)); }
    await waitForText(el, 'Your project is ready for review');
    let created: CustomEvent | null = null;
    el.addEventListener('gaze-study-created', (e) => { created = e as CustomEvent; });
    const navs: string[] = [];
    el.addEventListener('gaze-navigate', (e) => navs.push((e as CustomEvent).detail.path));
    button(el, 'next').click();
    await waitFor(() => navs.length === 1, 'navigated');
    expect(created!.detail).to.include({ study_id: 41, path: '/my_studies/overview/41/thank_you' });
    expect(navs).to.deep.equal(['/my_studies/overview/41/thank_you']);
    const body = requests.find((r) => r.url.endsWith('/studies/create'))!.body as Record<string, unknown>;
    expect(body).to.include({ study_kind: 'web_page', include_panel_details: '0' });
    expect((body.cachepage_stim_list as unknown[]).length).to.equal(2);
    expect(sessionStorage.getItem('gaze.new-study.41')).to.contain('take/41');
  });

  it('D3-026: a failed create shows the server message as an error toast and stays', async () => {
    api(() => ({ status: 400, data: { success: false, message: 'name: Required' } }));
    const el = await mount('gaze-study-wizard', { kind: 'generic' });
    type(input(el, 'Study name'), 'S');
    for (let i = 0; i < 3; i++) { button(el, 'next').click(); await new Promise((r) => setTimeout(r, 50)); }
    await waitForText(el, 'Your project is ready for review');
    el.addEventListener('gaze-study-created', () => { throw new Error('must not be created'); });
    button(el, 'next').click();
    await waitFor(() => $(el, '[role="alert"]')?.textContent?.includes('name: Required'), 'toast');
    expect(text(el)).to.contain('Your project is ready for review');
  });

  it('D3-018: Advanced Settings close reverts, save keeps', async () => {
    api();
    const el = await mount('gaze-study-wizard', { kind: 'generic' });
    button(el, 'advanced').click();
    await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog');
    type(input(el, 'Notes'), 'kept?');
    button(el, 'advanced-close').click();
    await waitFor(() => !$(el, '[part~="advanced-dialog"]'), 'closed');
    button(el, 'advanced').click();
    await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog again');
    expect(input(el, 'Notes').value).to.equal('');
    type(input(el, 'Notes'), 'kept');
    button(el, 'advanced-save').click();
    await waitFor(() => !$(el, '[part~="advanced-dialog"]'), 'closed');
    button(el, 'advanced').click();
    await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog third');
    expect(input(el, 'Notes').value).to.equal('kept');
  });

  it('D3-018 issue 38: Advanced Settings dates are typed as dd/mm/yyyy hh:mm whatever the browser locale, and a date that is not real cannot be saved', async () => {
    api();
    const el = await mount('gaze-study-wizard', { kind: 'generic' });
    button(el, 'advanced').click();
    await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog');
    const debrief = input(el, 'Debrief date');
    expect(debrief.type).to.equal('text');
    expect(debrief.placeholder).to.equal('dd/mm/yyyy hh:mm');
    type(debrief, '31/02/2026 10:00');
    debrief.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await waitForText(el, 'Enter a real date and time as dd/mm/yyyy hh:mm');
    expect(button(el, 'advanced-save').disabled).to.equal(true);
    type(input(el, 'Debrief date'), '03/07/2026 14:30');
    await waitFor(() => !button(el, 'advanced-save').disabled, 'save enabled');
    expect(text(el)).not.to.contain('Enter a real date and time');
    button(el, 'advanced-save').click();
    await waitFor(() => !$(el, '[part~="advanced-dialog"]'), 'closed');
    button(el, 'advanced').click();
    await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog again');
    expect(input(el, 'Debrief date').value).to.equal('03/07/2026 14:30');
  });

  for (const [width, height] of [[1440, 900], [360, 740]] as const) {
    it(`D3-018 issue 38: Advanced Settings is full-screen at ${width} px and no field is clipped`, async () => {
      await setViewport({ width, height });
      try {
        api();
        const el = await mount('gaze-study-wizard', { kind: 'generic' });
        button(el, 'advanced').click();
        await waitFor(() => $(el, '[part~="advanced-dialog"]'), 'dialog');
        const dialog = $(el, '[part~="advanced-dialog"]') as HTMLElement;
        const box = dialog.getBoundingClientRect();
        expect(Math.round(box.left)).to.equal(0);
        expect(Math.round(box.top)).to.equal(0);
        expect(Math.round(box.width)).to.equal(window.innerWidth);
        expect(Math.round(box.height)).to.equal(window.innerHeight);
        // Nothing scrolls sideways, and every field and button lies inside the dialog's content box.
        expect(dialog.scrollWidth).to.be.at.most(dialog.clientWidth);
        const controls = Array.from(dialog.querySelectorAll('input, button')) as HTMLElement[];
        expect(controls.length).to.be.greaterThan(12);
        for (const c of controls) {
          const r = c.getBoundingClientRect();
          expect(r.width, `${c.getAttribute('aria-label') ?? c.id} has a width`).to.be.greaterThan(40);
          expect(r.left, 'left edge inside').to.be.at.least(box.left);
          expect(r.right, `${c.outerHTML.slice(0, 60)} right edge inside`).to.be.at.most(box.left + dialog.clientWidth + 0.5);
        }
        // The wide screen uses its width: several fields side by side.
        const tops = new Set(Array.from(dialog.querySelectorAll('input')).map((i) => Math.round(i.getBoundingClientRect().top)));
        if (width === 1440) expect(tops.size).to.be.lessThan(11);
        else expect(tops.size).to.equal(11);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
  }
});
