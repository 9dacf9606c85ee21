// <gaze-study-wizard> for the quick study (Lumen-panel-setup) and the embedded/redirect study
// (embedded-study) in Chromium: issue 17 items 2 and 3 — D3-039, D3-040, D3-103…D3-109, §6.
import { expect } from '@open-wc/testing';
import './study-wizard.element';
import { deepActiveElement } from '../../ui';
import { $, $$, byLabel, mount, resetPage, stubHttp, text, typeInto, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

function signIn(superUser: boolean) {
  localStorage.setItem('user', JSON.stringify({ first_name: 'Sue', last_name: 'S', email: 'sue@acme.example', username: 'sue', company_name: 'Acme', company_id: 1, user_type_id: 1, super_user: superUser }));
  localStorage.setItem('token', 't0k');
}

const item = (id: number, name: string) => ({ id, code: String(id), name, description: name });
const LISTS: Record<string, unknown[]> = {
  environments_list: [{ id: 1, code: '1', name: 'Webcam', description: 'Webcam' }],
  studylanguages_list: [{ id: 1, code: 'en', name: 'English', description: 'English' }],
  projectlocations_list: [{ id: 1, code: 'gb', name: 'United Kingdom', description: 'United Kingdom' }],
  medias_list: [item(1, 'Display'), item(4, 'Digital')],
  panelistroles_list: [item(1, 'Desktop panelist'), item(2, 'Mobile panelist')],
  panels_list: [item(1, 'Gazeboard panel (desktop)'), item(2, 'Gazeboard panel (mobile)')],
};

function api(studyTypeId: number) {
  return stubHttp((req) => {
    const list = /dashboard\/data\/([\w/]+?)\/?$/.exec(req.url)?.[1];
    if (list) return { data: { success: true, data: LISTS[list] ?? [] } };
    if (req.url.endsWith('/studies/create')) {
      return { data: { success: true, study_id: 77, study_type_id: studyTypeId, start_url: 'http://x/take/77?sig=a', start_url_test: 'http://x/take/77?test=1&sig=b', incontext_urls: [], cache_page_ids: [] } };
    }
    return { status: 404, data: { success: false, message: 'Not found' } };
  });
}

const button = (el: HTMLElement, part: string) => $(el, `[part~="${part}"]`) as HTMLButtonElement;
const heading = (el: HTMLElement) => $(el, 'form h2')?.textContent;
const select = (el: HTMLElement, label: string) => byLabel(el, label) as unknown as HTMLSelectElement;
function choose(field: HTMLSelectElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(field, value);
  field.dispatchEvent(new Event('change', { bubbles: true }));
}
function slide(field: HTMLInputElement, value: number) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, String(value));
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
const pageRows = (el: HTMLElement) => $$(el, '[part~="external-page"]');
const contextRows = (el: HTMLElement) => $$(el, '[part~="context-row"]');
async function next(el: HTMLElement, to: string) {
  button(el, 'next').click();
  await waitFor(() => heading(el) === to || (to === 'Review' && text(el).includes('Your project is ready for review')), to);
}

describe('<gaze-study-wizard> quick and embedded studies', () => {
  beforeEach(() => { resetPage('/v1.0'); });

  it('§6, D3-007: the quick study is a super user\'s; anyone else is told so and gets no form', async () => {
    signIn(false);
    api(4);
    const el = await mount('gaze-study-wizard', { kind: 'Lumen-panel-setup' });
    await waitForText(el, 'Only super users can create this study.');
    expect($(el, 'form')).to.equal(null);
    expect(text(el)).to.contain('Focus Project Setup');
  });

  it('D3-039, D3-103, D3-106: External Pages are added and removed (focus follows), every row checked', async () => {
    signIn(true);
    api(4);
    const el = await mount('gaze-study-wizard', { kind: 'Lumen-panel-setup' });
    await waitForText(el, 'Basic Details');
    expect($$(el, 'nav li .label').map((s) => s.textContent)).to.deep.equal(['Basic Details', 'External Pages', 'Lumen Panel Data', 'Review']);
    // Media choosable, study type not; one cell (no cells slider).
    expect(() => select(el, 'Media')).not.to.throw();
    expect(() => select(el, 'Study type')).to.throw();
    expect(el.shadowRoot!.getElementById('gaze-cells')).to.equal(null);
    typeInto(byLabel(el, 'Study name'), 'Focus pages');
    await next(el, 'External Pages');

    expect(pageRows(el)).to.have.length(1);
    expect(button(el, 'remove-page').disabled).to.equal(true);
    button(el, 'next').click();
    await waitForText(el, 'Required');
    expect(heading(el)).to.equal('External Pages');

    typeInto(byLabel(el, 'Page 1 URL'), 'https://pages.example.com/one');
    button(el, 'add-page').click();
    await waitFor(() => pageRows(el).length === 2, 'a second row');
    expect(deepActiveElement()).to.equal(byLabel(el, 'Page 2 URL'));
    typeInto(byLabel(el, 'Page 2 URL'), 'pages/two');
    button(el, 'add-page').click();
    await waitFor(() => pageRows(el).length === 3, 'a third row');
    typeInto(byLabel(el, 'Page 3 URL'), 'https://pages.example.com/three');
    const inserts = $$(el, '[part~="external-page"]').map((row) => Array.from(row.querySelectorAll('input'))[1] as HTMLInputElement);
    typeInto(inserts[2], 'pid');
    button(el, 'next').click();
    await waitForText(el, 'Must be a valid URL');
    expect(heading(el)).to.equal('External Pages');

    // Remove the bad second row: the third becomes 'Page 2' with its values and takes the focus.
    ($$(el, '[part~="remove-page"]')[1] as HTMLButtonElement).click();
    await waitFor(() => pageRows(el).length === 2, 'row removed');
    expect((byLabel(el, 'Page 2 URL') as HTMLInputElement).value).to.equal('https://pages.example.com/three');
    expect(deepActiveElement()).to.equal(byLabel(el, 'Page 2 URL'));
    expect(($$(el, '[part~="external-page"]')[1].querySelectorAll('input')[1] as HTMLInputElement).value).to.equal('pid');
    expect($$(el, '[part~="remove-page"]').every((b) => !(b as HTMLButtonElement).disabled)).to.equal(true);
    await next(el, 'Lumen Panel Data');
  });

  it('D3-104, D3-105, D3-107, D3-024: Lumen Panel Data defaults, its rules, Review and what Create sends', async () => {
    signIn(true);
    const { requests } = api(4);
    const el = await mount('gaze-study-wizard', { kind: 'quick' });
    typeInto(byLabel(el, 'Study name'), 'Focus pages');
    await next(el, 'External Pages');
    typeInto(byLabel(el, 'Page 1 URL'), 'https://pages.example.com/one');
    await next(el, 'Lumen Panel Data');

    await waitFor(() => $$(el, 'option').some((o) => o.textContent === 'Desktop panelist'), 'roles');
    await waitFor(() => $$(el, 'option').some((o) => o.textContent === 'Gazeboard panel (desktop)'), 'panels');
    expect(select(el, 'Panelist role').value).to.equal('1');
    expect(select(el, 'Panel').value).to.equal('1');
    expect((byLabel(el, 'Reward') as HTMLInputElement).value).to.equal('100');

    choose(select(el, 'Panel'), '');
    typeInto(byLabel(el, 'Reward'), 'a hundred');
    button(el, 'next').click();
    await waitForText(el, 'Must be a number');
    expect(text(el)).to.contain('Required');
    choose(select(el, 'Panel'), '2');
    typeInto(byLabel(el, 'Reward'), '150');
    typeInto(byLabel(el, 'Short description'), 'Look at the page');
    typeInto(byLabel(el, 'Start date'), '2026-12-01T09:00');
    await next(el, 'Review');
    expect($$(el, '[part~="review-section"] summary').map((s) => s.textContent)).to.deep.equal(['Basic Details✎', 'External Pages✎', 'Lumen Panel Data✎']);
    expect(text(el)).to.contain('Gazeboard panel (mobile)');
    expect(text(el)).to.contain('Desktop panelist');

    const navs: string[] = [];
    el.addEventListener('gaze-navigate', (e) => navs.push((e as CustomEvent).detail.path));
    button(el, 'next').click();
    await waitFor(() => navs.length === 1, 'navigated');
    expect(navs).to.deep.equal(['/my_studies/overview/77/thank_you']);
    const body = requests.find((r) => r.url.endsWith('/studies/create'))!.body as Record<string, unknown>;
    expect(body).to.deep.include({
      study_kind: 'quick',
      quick_step_list: [{ type: 'external', url: 'https://pages.example.com/one', insert_parameter: '' }],
      quick_task_data: { panelist_role_id: 1, panel_id: 2, short_description: 'Look at the page', reward: '150', start_date: '2026-12-01 09:00:00', expiry_date: '' },
    });
    expect(body).not.to.have.property('embedded_page_list');
  });

  it('D3-040, D3-108, D3-109: Context Details has one URL per cell and follows the cell count both ways', async () => {
    signIn(false);
    const { requests } = api(10);
    const el = await mount('gaze-study-wizard', { kind: 'embedded-study' });
    await waitForText(el, 'Basic Details');
    typeInto(byLabel(el, 'Study name'), 'Redirect test');
    const cells = () => el.shadowRoot!.getElementById('gaze-cells') as HTMLInputElement;
    slide(cells(), 3);
    await next(el, 'Redirect Details');
    expect(text(el)).not.to.contain('Question Details');
    (($$(el, 'input[type="radio"]') as HTMLInputElement[]).find((r) => r.value === '2')!).click();
    await waitFor(() => { try { return byLabel(el, 'Success URL'); } catch { return null; } }, 'success URL field');
    typeInto(byLabel(el, 'Success URL'), 'https://panel.example.com/done');
    await next(el, 'Context Details');

    expect(contextRows(el)).to.have.length(3);
    button(el, 'next').click();
    await waitFor(() => $$(el, '[role="alert"]').filter((a) => a.textContent === 'Required').length === 3, 'every cell required');
    typeInto(byLabel(el, 'Cell 1 URL'), 'https://site.example.com/a');
    typeInto(byLabel(el, 'Cell 2 URL'), 'site.example.com/b');
    typeInto(byLabel(el, 'Cell 3 URL'), 'https://site.example.com/c');
    button(el, 'next').click();
    await waitForText(el, 'Must be a valid URL');

    // Fewer cells cut the surplus rows; more cells add empty ones; the kept URLs stay.
    button(el, 'back').click();
    await waitFor(() => heading(el) === 'Redirect Details', 'back once');
    button(el, 'back').click();
    await waitFor(() => heading(el) === 'Basic Details', 'back twice');
    slide(cells(), 1);
    await next(el, 'Redirect Details');
    await next(el, 'Context Details');
    expect(contextRows(el)).to.have.length(1);
    expect((byLabel(el, 'Cell 1 URL') as HTMLInputElement).value).to.equal('https://site.example.com/a');
    button(el, 'back').click();
    await waitFor(() => heading(el) === 'Redirect Details', 'back');
    button(el, 'back').click();
    await waitFor(() => heading(el) === 'Basic Details', 'basic');
    slide(cells(), 2);
    await next(el, 'Redirect Details');
    await next(el, 'Context Details');
    expect(contextRows(el)).to.have.length(2);
    expect((byLabel(el, 'Cell 2 URL') as HTMLInputElement).value).to.equal('');
    typeInto(byLabel(el, 'Cell 2 URL'), 'https://site.example.com/b');
    await next(el, 'Review');
    expect($$(el, '[part~="review-section"] summary').map((s) => s.textContent)).to.deep.equal(['Basic Details✎', 'Redirect Details✎', 'Context Details✎']);
    expect(text(el)).to.contain('Cell 2 URL');

    const navs: string[] = [];
    el.addEventListener('gaze-navigate', (e) => navs.push((e as CustomEvent).detail.path));
    button(el, 'next').click();
    await waitFor(() => navs.length === 1, 'navigated');
    expect(navs).to.deep.equal(['/my_studies/overview/77/thank_you']);
    const body = requests.find((r) => r.url.endsWith('/studies/create'))!.body as Record<string, unknown>;
    expect(body).to.deep.include({
      study_kind: 'embedded', number_of_cells: 2, include_panel_details: '2', panel_success: 'https://panel.example.com/done',
      embedded_page_list: [{ cell_index: 0, url: 'https://site.example.com/a' }, { cell_index: 1, url: 'https://site.example.com/b' }],
    });
  });
});
