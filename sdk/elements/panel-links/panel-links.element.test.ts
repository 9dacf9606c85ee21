import { expect } from '@open-wc/testing';
import './panel-links.element';
import { $, $$, mount, resetPage, stubHttp, waitFor, waitForText, describe, it, beforeEach } from '../test-utils';

const set = (test: boolean) => {
  const t = test ? 'test=1&' : '';
  return {
    standard: `http://h/take/7?${t}sig=a`, auto_start: `http://h/take/7?${t}sig=a&autostart=1`,
    cell_links: [{ cell_id: 1, cell_name: 'Cell one', standard: `http://h/take/7?cell=1&${t}sig=b` }],
    panel_links: [{ panel_id: 4, panel_name: 'Northstar', standard: `http://h/take/7?panel=4&${t}sig=c&rid=`,
      cell_links: [{ cell_id: 1, cell_name: 'Cell one', standard: `http://h/take/7?cell=1&panel=4&${t}sig=d&rid=` }] }],
  };
};

describe('<gaze-panel-links>', () => {
  beforeEach(() => {
    resetPage('/v1.0');
    localStorage.setItem('user', JSON.stringify({ email: 'a@x.io', username: 'a', company_id: 1, user_type_id: 1, super_user: false }));
    localStorage.setItem('token', 't0k');
  });

  it('D2-010 D2-048 D2-049 shows test and live tables, our own panel first, per cell and per panel, with copy buttons', async () => {
    stubHttp((req) => (req.url.endsWith('/links') ? { data: { success: true, testing_links: set(true), live_links: set(false) } } : { status: 404, data: {} }));
    const el = await mount('gaze-panel-links', { 'study-id': '7' });
    await waitForText(el, 'Live links');
    const tables = $$(el, 'table');
    expect($$(el, 'h3').map((h) => h.textContent)).to.deep.equal(['Test links', 'Live links']);
    const rows = Array.from(tables[0].querySelectorAll('tbody tr')).map((r) => Array.from(r.querySelectorAll('td')).slice(0, 3).map((c) => c.textContent));
    expect(rows).to.deep.equal([
      ['Gazeboard panel (our own)', 'Any cell', 'http://h/take/7?test=1&sig=a'],
      ['Gazeboard panel (our own)', 'Cell one', 'http://h/take/7?cell=1&test=1&sig=b'],
      ['Northstar', 'Any cell', 'http://h/take/7?panel=4&test=1&sig=c&rid='],
      ['Northstar', 'Cell one', 'http://h/take/7?cell=1&panel=4&test=1&sig=d&rid='],
    ]);
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (s: string) => { copied.push(s); } }, configurable: true });
    const button = tables[1].querySelector('tbody tr button') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).to.equal('Copy live links for Gazeboard panel (our own), Any cell');
    button.click();
    await waitFor(() => button.textContent === 'Copied', 'copied');
    expect(copied).to.deep.equal(['http://h/take/7?sig=a']);
    expect($(el, '[role="status"]')!.textContent).to.equal('');
  });
});
