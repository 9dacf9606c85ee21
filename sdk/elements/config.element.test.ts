// Per-element configuration in Chromium: each element calls the server with its own API base,
// token and company (attributes → nearest <gaze-provider>, across shadow roots → configure() →
// the signed-in session), and a sign-out / sign-in as another user leaves no stale rows.
import { expect } from '@open-wc/testing';
import './home/home.element';
import './provider/provider.element';
import { getStore } from '../core/store/store';
import { sessionActions } from '../core/session/slice';
import { configure } from '../core/page';
import { signOut } from '../index';
import { $, mount, resetPage, stubHttp, text, waitFor, waitForText, describe, it, beforeEach, type RecordedRequest } from './test-utils';

/** The overview names whoever asked: token and company, so a wrong pairing shows on screen. */
const whoAsked = (req: RecordedRequest) => {
  const token = (req.headers.authorization ?? 'none').replace(/^Token /, '');
  const company = req.headers['x-company-id'] ?? 'own';
  return { data: { total_live: 1, total_completed: 2, company: `${company}@${req.url.replace(/\/studies\/overview$/, '')}`, company_logo_url: null, first_name: token } };
};
const greeting = (el: HTMLElement) => $(el, '[part="greeting"]')?.textContent ?? '';
const company = (el: HTMLElement) => $(el, '[part="company"]')?.textContent ?? '';

describe('per-element configuration', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('two widgets with different tokens and companies on one page each call the server as themselves', async () => {
    const http = stubHttp(whoAsked);
    const a = await mount('gaze-home', { token: 'tok-A', 'company-id': '1' });
    const b = await mount('gaze-home', { token: 'tok-B', 'company-id': '2', 'api-base': '/other/v1.0/' });
    await waitFor(() => greeting(a) === 'Hello, tok-A' && greeting(b) === 'Hello, tok-B', 'both greeted');
    expect(company(a)).to.equal('1@/v1.0');
    expect(company(b)).to.equal('2@/other/v1.0');
    const seen = http.requests.map((r) => `${r.url} ${r.headers.authorization} ${r.headers['x-company-id']}`).sort();
    expect(seen).to.deep.equal(['/other/v1.0/studies/overview Token tok-B 2', '/v1.0/studies/overview Token tok-A 1']);
  });

  it('an element without attributes takes the nearest <gaze-provider>, also through a shadow root; its own attributes win', async () => {
    localStorage.setItem('token', 'session-token');
    const http = stubHttp(whoAsked);
    const provider = await mount('gaze-provider', { token: 'prov-token', 'company-id': '7', 'api-base': '/prov/v1.0' });
    const inside = await mount('gaze-home', {}, provider);
    const own = await mount('gaze-home', { token: 'own-token' }, provider);
    // A host component with its own shadow DOM between the provider and the element.
    const wrapper = document.createElement('div');
    provider.appendChild(wrapper);
    const shadow = wrapper.attachShadow({ mode: 'open' });
    const deep = await mount('gaze-home', {}, shadow);
    const outside = await mount('gaze-home');
    await waitFor(() => [inside, own, deep, outside].every((el) => greeting(el) !== ''), 'all greeted');
    expect([greeting(inside), company(inside)]).to.deep.equal(['Hello, prov-token', '7@/prov/v1.0']);
    expect([greeting(deep), company(deep)]).to.deep.equal(['Hello, prov-token', '7@/prov/v1.0']);
    // Own token: the provider's company still applies (it names one), the provider's base too.
    expect([greeting(own), company(own)]).to.deep.equal(['Hello, own-token', '7@/prov/v1.0']);
    expect([greeting(outside), company(outside)]).to.deep.equal(['Hello, session-token', 'own@/v1.0']);
    expect(http.requests.every((r) => r.headers.authorization !== undefined)).to.equal(true);
  });

  it('changing a provider attribute re-keys its elements: they refetch with the new token', async () => {
    const http = stubHttp(whoAsked);
    const provider = await mount('gaze-provider', { token: 'first' });
    const el = await mount('gaze-home', {}, provider);
    await waitForText(el, 'Hello, first');
    provider.setAttribute('token', 'second');
    await waitForText(el, 'Hello, second');
    expect(http.requests.map((r) => r.headers.authorization)).to.deep.equal(['Token first', 'Token second']);
  });

  it('configure() defaults apply below attributes and providers', async () => {
    const http = stubHttp(whoAsked);
    configure({ apiBase: '/v1.0', token: 'page-default' });
    const el = await mount('gaze-home');
    await waitForText(el, 'Hello, page-default');
    const attr = await mount('gaze-home', { token: 'attr' });
    await waitForText(attr, 'Hello, attr');
    expect(http.requests.map((r) => r.headers.authorization).sort()).to.deep.equal(['Token attr', 'Token page-default']);
  });

  it('theme: the provider themes its elements; an element attribute wins', async () => {
    stubHttp(whoAsked);
    const provider = await mount('gaze-provider', { theme: 'primary: rgb(1, 2, 3)' });
    const themed = await mount('gaze-home', {}, provider);
    const own = await mount('gaze-home', { theme: '--gaze-primary: rgb(4, 5, 6)' }, provider);
    const plain = await mount('gaze-home');
    await waitFor(() => [themed, own, plain].every((el) => greeting(el) !== ''), 'rendered');
    const primary = (el: HTMLElement) => getComputedStyle(el).getPropertyValue('--gaze-primary').trim();
    expect(primary(themed)).to.equal('rgb(1, 2, 3)');
    expect(primary(own)).to.equal('rgb(4, 5, 6)');
    expect(primary(plain)).to.equal('#00badb');
  });

  it('signing out and back in as another user with elements mounted shows no stale rows', async () => {
    const USERS: Record<string, { first_name: string; username: string }> = { ann: { first_name: 'Ann', username: 'ann' }, bob: { first_name: 'Bob', username: 'bob' } };
    const profile = (u: string) => ({ ...USERS[u], last_name: null, location: null, job_title: null, phone_number: null, email: null, company_name: u, company_id: 1, user_type_id: 1, super_user: false });
    localStorage.setItem('user', JSON.stringify(profile('ann')));
    localStorage.setItem('token', 'token-ann');
    const http = stubHttp((req) => {
      if (req.url.endsWith('/auth-token')) return { data: { token: `token-${(req.body as { username: string }).username}` } };
      if (req.url.endsWith('/auth-token/revoke')) return { data: { success: true } };
      const who = (req.headers.authorization ?? '').replace(/^Token token-/, '');
      if (!USERS[who]) return { status: 401, data: { success: false, message: 'Unauthorized' } };
      if (req.url.endsWith('/user/get-details')) return { data: profile(who) };
      return { data: { total_live: who === 'ann' ? 3 : 9, total_completed: 0, company: `${who}'s company`, company_logo_url: null, first_name: USERS[who].first_name } };
    });
    const el = await mount('gaze-home');
    await waitForText(el, 'Hello, Ann');
    signOut();
    await waitFor(() => !text(el).includes('Ann'), "Ann's rows gone after sign-out");
    expect(text(el)).to.not.include("ann's company");
    getStore().dispatch(sessionActions.signIn({ username: 'bob', password: 'pw' }));
    await waitForText(el, 'Hello, Bob');
    expect(text(el)).to.include("bob's company");
    expect(text(el)).to.not.include('Ann');
    expect($(el, '[data-count="live"]')!.textContent).to.equal('9 Live studies');
    const overviews = http.requests.filter((r) => r.url.endsWith('/studies/overview')).map((r) => r.headers.authorization ?? 'none');
    expect(overviews[0]).to.equal('Token token-ann');
    expect(overviews.at(-1)).to.equal('Token token-bob');
  });
});
