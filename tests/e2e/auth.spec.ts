// Sign-in, the guard, sign-out, the 404 page and start-up (version check, service worker).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api, apiToken, BASE, freshPage, useBrowser, signIn } from './helpers';

const browser = useBrowser();

describe('sign-in and the route guard', () => {
  it('D1-027 a wrong password shows "Invalid username or password" and stays on /login', async () => {
    const { page, context } = await freshPage(browser());
    await page.goto('/login');
    await page.getByLabel('Username').fill('researcher');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid username or password').waitFor();
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    await context.close();
  });

  it('D1-013 D1-014 a protected address visited signed-out goes to /login, and sign-in returns to it with its query', async () => {
    const { page, context } = await freshPage(browser());
    await page.goto('/my_account?tab=profile');
    await page.waitForURL('**/login');
    await signIn(page, 'researcher');
    const url = new URL(page.url());
    assert.equal(url.pathname, '/my_account');
    assert.equal(url.search, '?tab=profile');
    await page.getByRole('button', { name: /save|submit/i }).first().waitFor();
    await context.close();
  });

  it('D1-011 D1-015 D1-029 a signed-in user visiting /login is sent to /, also after a reload (stored user)', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    assert.equal(new URL(page.url()).pathname, '/');
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/forgot_password');
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('D1-032 /forgot_password and /request_login show the login element views to signed-out visitors', async () => {
    const { page, context } = await freshPage(browser());
    await page.goto('/forgot_password');
    await page.getByRole('button', { name: 'Recover Password' }).waitFor();
    await page.goto('/login');
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
    await page.waitForURL('**/request_login');
    await context.close();
  });
});

describe('sign-out', () => {
  it('D1-035 D1-036 /signout revokes the token, clears ALL localStorage, reloads /login and shows "You are logged out"', async () => {
    const { page, context } = await freshPage(browser());
    await signIn(page, 'researcher');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token, 'signed in with a stored token');
    await page.evaluate(() => localStorage.setItem('someone-else', 'x'));
    assert.equal((await api(token, '/user/get-details')).status, 200);

    // Through the account menu, as a user would.
    await page.getByRole('button', { name: /Account|▾/ }).click();
    await page.getByRole('menuitem', { name: 'Signout' }).click();
    await page.waitForURL('**/login');
    await page.getByText('You are logged out').waitFor();
    assert.equal(await page.evaluate(() => localStorage.length), 0);
    assert.equal((await api(token, '/user/get-details')).status, 401, 'the token is revoked on the server');

    // Protected pages now go to /login again, and the notice is shown only once.
    await page.goto('/my_studies');
    await page.waitForURL('**/login');
    assert.equal(await page.getByText('You are logged out').count(), 0);
    await context.close();
  });
});

describe('not-found page', () => {
  it('D1-017 D1-018 an unknown address shows "404" and "Oh dear something went wrong", signed out and signed in', async () => {
    const { page, context } = await freshPage(browser());
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oh dear something went wrong').waitFor();
    assert.equal(new URL(page.url()).pathname, '/no/such/page', 'not redirected to /login');

    await signIn(page, 'researcher');
    await page.goto('/definitely-not-a-route');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oh dear something went wrong').waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).or(page.getByRole('button', { name: 'Open navigation' })).first().waitFor();
    await context.close();
  });
});

describe('application start', () => {
  it('D1-005 D1-006 D1-008 fetches /meta.json (same version: no reload) and registers the service worker', async () => {
    const { page, context } = await freshPage(browser());
    const meta = page.waitForResponse((r) => new URL(r.url()).pathname === '/meta.json');
    await page.goto('/login');
    const res = await meta;
    assert.equal(((await res.json()) as { version: string }).version, '0.1.8');
    const scope = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.scope;
    });
    assert.equal(scope, `${BASE}/`);
    await context.close();
  });

  it('D1-007 a newer published version clears the caches and reloads once (no reload loop)', async () => {
    const { page, context } = await freshPage(browser());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.evaluate(() => caches.open('stale').then((c) => c.put('/stale', new Response('old'))));

    // The one stubbed answer in the suite: a server cannot publish a version newer than itself.
    let served = 0;
    await page.route('**/meta.json', async (route) => {
      served++;
      await route.fulfill({ json: { version: '99.0.0', environment: 'prod' } });
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.reload();
    // That start sees 99.0.0, clears the caches and reloads; the next start sees it again and stays.
    while (served < 2) await page.waitForTimeout(100);
    await page.waitForLoadState('networkidle');
    assert.equal(loads, 2, 'our reload plus exactly one reload by the version check');
    const state = await page.evaluate(async () => ({
      caches: await caches.keys(),
      remembered: sessionStorage.getItem('gazeboard.reloadedForVersion'),
    }));
    assert.ok(!state.caches.includes('stale'), `stale cache cleared (left: ${state.caches.join(', ')})`);
    assert.equal(state.remembered, '99.0.0');
    await context.close();
  });
});

describe('product redirect', () => {
  it('D1-016 /product/{name} sends the browser to the provider\'s external site', async () => {
    const { page, context } = await freshPage(browser());
    // The external site is not part of the system under test (and the test machine is offline).
    await context.route('https://gazeboard.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Provider</h1>' }));
    await page.goto('/product/eye-tracking');
    await page.waitForURL('https://gazeboard.example/eye-tracking');
    await page.getByRole('heading', { name: 'Provider' }).waitFor();
    await context.close();
  });
});

// A token from the API helper keeps working across specs (only /signout revokes its own token).
it('the demo accounts sign in through the API', async () => {
  assert.ok(await apiToken('vendor'));
});
