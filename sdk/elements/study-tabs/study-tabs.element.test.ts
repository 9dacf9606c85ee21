import { expect } from '@open-wc/testing';
import './study-tabs.element';
import { $, $$, mount, navigationsDuring, resetPage, waitFor, describe, it, beforeEach, afterEach } from '../test-utils';

describe('<gaze-study-tabs>', () => {
  let spacer: HTMLElement;
  beforeEach(() => {
    resetPage('/v1.0');
    spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.appendChild(spacer);
    window.scrollTo(0, 0);
  });
  afterEach(() => { window.scrollTo(0, 0); spacer.remove(); });

  it('D2-051 links the three pages of the study, the current one marked', async () => {
    const el = await mount('gaze-study-tabs', { 'study-id': '7', active: 'details' });
    const links = $$(el, 'a');
    expect(links.map((a) => a.textContent)).to.deep.equal(['Study Specific Stims', 'Edit Study Details', 'Edit Study Structure']);
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      '/my_studies/overview/7/study-specific-stims', '/my_studies/overview/7/edit-details', '/my_studies/overview/7/cell_step_management',
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).to.deep.equal([null, 'page', null]);
    expect(navigationsDuring(() => links[2].click())).to.deep.equal([{ path: '/my_studies/overview/7/cell_step_management', composed: true, bubbles: true }]);
  });

  it('D2-052 hides once scrolled more than 10 px down and returns near the top', async () => {
    const el = await mount('gaze-study-tabs', { 'study-id': '7', active: 'stims' });
    const bar = $(el, 'nav')!;
    window.scrollTo(0, 10);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    expect(bar.dataset.hidden).to.equal('false');
    window.scrollTo(0, 11);
    await waitFor(() => bar.dataset.hidden === 'true', 'hidden after 11 px');
    expect(bar.getAttribute('aria-hidden')).to.equal('true');
    window.scrollTo(0, 0);
    await waitFor(() => bar.dataset.hidden === 'false', 'shown at the top');
  });
});
