// Issue 20 items 3 and 4 in Chromium: the typed events every element may fire reach a listener on
// document from inside the shadow root (bubbling, composed), and theme="light|dark" on an element
// or its provider switches the whole palette, with the element's own overrides on top.
import { expect } from '@open-wc/testing';
import './home/home.element';
import './provider/provider.element';
import { GAZE_EVENTS, type GazeEventDetails } from '../ui/events';
import { mount, resetPage, stubHttp, waitFor, describe, it, beforeEach } from './test-utils';

const overview = { data: { total_live: 1, total_completed: 2, company: 'Acme', company_logo_url: null, first_name: 'Ann' } };

describe('element events and themes', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('a failed read fires one composed gaze-error {kind, status, message} heard on document', async () => {
    stubHttp(() => ({ status: 503, data: { success: false, message: 'Down for maintenance' } }));
    const heard: { detail: GazeEventDetails['gaze-error']; composed: boolean; target: EventTarget | null }[] = [];
    const listener = (e: CustomEvent<GazeEventDetails['gaze-error']>) => heard.push({ detail: e.detail, composed: e.composed, target: e.target });
    document.addEventListener(GAZE_EVENTS.error, listener);
    try {
      const el = await mount('gaze-home', { token: 'tok' });
      await waitFor(() => heard.length > 0, 'gaze-error');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).to.have.length(1);
      expect(heard[0].composed).to.equal(true);
      expect(heard[0].target).to.equal(el);
      expect(heard[0].detail.kind).to.equal('read');
      expect(heard[0].detail.status).to.equal(503);
      expect(heard[0].detail.message).to.be.a('string').and.not.equal('');
    } finally {
      document.removeEventListener(GAZE_EVENTS.error, listener);
    }
  });

  it('theme="dark" switches every colour token; a provider\'s dark palette keeps the element\'s own overrides on top', async () => {
    stubHttp(() => overview);
    const dark = await mount('gaze-home', { theme: 'dark' });
    const provider = await mount('gaze-provider', { theme: 'dark' });
    const inside = await mount('gaze-home', { theme: 'primary: rgb(1, 2, 3)' }, provider);
    const light = await mount('gaze-home', { theme: 'light' });
    const plain = await mount('gaze-home');
    const prop = (el: HTMLElement, name: string) => getComputedStyle(el).getPropertyValue(name).trim();
    await waitFor(() => prop(dark, '--gaze-surface') === '#161b22', 'dark palette');
    expect(getComputedStyle(dark).backgroundColor).to.equal('rgb(22, 27, 34)');
    expect(getComputedStyle(dark).color).to.equal('rgb(232, 236, 240)');
    expect(getComputedStyle(dark).colorScheme).to.equal('dark');
    await waitFor(() => prop(inside, '--gaze-surface') === '#161b22', 'provider palette');
    expect(prop(inside, '--gaze-primary')).to.equal('rgb(1, 2, 3)');
    expect(prop(light, '--gaze-surface')).to.equal('#ffffff');
    expect(getComputedStyle(light).backgroundColor).to.equal('rgb(255, 255, 255)');
    // No theme: the defaults, and the element paints no background of its own.
    expect(prop(plain, '--gaze-surface')).to.equal('');
    expect(getComputedStyle(plain).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    // Switching the provider back re-themes what is inside.
    provider.setAttribute('theme', 'light');
    await waitFor(() => prop(inside, '--gaze-surface') === '#ffffff', 'provider back to light');
  });
});
