import { describe, expect, it } from 'vitest';
import { ApiError, defaultApiBase, errorMessage, errorStatus, isUnauthorized, normaliseApiBase, refusalOr, request, setTransport } from './client';
import { stubHttp } from './test-transport';
import { useTestClient } from '../test-utils';

describe('api client', () => {
  const t = useTestClient('http://h.test/v1.0');

  it('D1-125 D1-010 defaults to same origin + /v1.0; api-base is configurable (trailing slash dropped)', async () => {
    expect(normaliseApiBase('')).toBe(`${window.location.origin}/v1.0`);
    expect(normaliseApiBase(null)).toBe(defaultApiBase());
    expect(normaliseApiBase('https://x.test/v1.0/')).toBe('https://x.test/v1.0');
    const http = stubHttp();
    await request({ apiBase: 'https://x.test/v1.0/', token: null, companyId: null }, { url: '/a' });
    expect(http.requests[0].url).toBe('https://x.test/v1.0/a');
  });

  it("D1-126 adds Authorization: Token from the call's config; none on the sign-in call", async () => {
    const http = stubHttp();
    await request(t.api('one'), { url: '/studies/overview' });
    await request(t.api('two'), { url: '/studies/overview' });
    await request(t.api('two'), { method: 'POST', url: '/auth-token', data: { username: 'a', password: 'b' }, auth: false });
    await request(t.api(null), { url: '/studies/overview' });
    expect(http.requests.map((r) => r.headers.authorization)).toEqual(['Token one', 'Token two', undefined, undefined]);
  });

  it('D1-127 adds X-Company-Id only when a company is set', async () => {
    const http = stubHttp();
    await request(t.api('t'), { url: '/a' });
    await request(t.api('t', '5'), { url: '/b' });
    expect(http.requests[0].headers['x-company-id']).toBeUndefined();
    expect(http.requests[1].headers['x-company-id']).toBe('5');
  });

  it('a 401 on a call that carried a token is an expiry; a failed login (no token) is not', async () => {
    stubHttp(() => ({ status: 401, data: { success: false, message: 'Unauthorized' } }));
    const login = await request(t.api(null), { method: 'POST', url: '/auth-token', data: {}, auth: false }).catch((e: unknown) => e);
    expect(isUnauthorized(login)).toBe(false);
    const dead = await request(t.api('t'), { url: '/user/get-details' }).catch((e: unknown) => e);
    expect(isUnauthorized(dead)).toBe(true);
  });

  it('errorMessage reads the envelope message', async () => {
    stubHttp(() => ({ status: 400, data: { success: false, message: 'email is invalid' } }));
    const err = await request(t.api(), { url: '/x' }).catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('email is invalid');
    expect(errorMessage(new Error('x'), 'fallback')).toBe('fallback');
  });
});

describe('issue 38: a page outside the allowed origins', () => {
  const api = { apiBase: 'https://gazeboard.example.com/v1.0', token: 'gze_x', companyId: null };

  it('is told apart from being offline: 403 with the reason, asked with one simple GET (no token)', async () => {
    const asked: { url: string; headers: Record<string, string> }[] = [];
    setTransport(async (req) => {
      asked.push({ url: req.url, headers: req.headers });
      if (req.url.endsWith('/origin-check')) return { status: 200, data: { success: true, origin: 'https://intranet.example.com', allowed: false, message: 'This embed token is not allowed on this page' } };
      throw new TypeError('Failed to fetch');
    });
    const e = await request(api, { method: 'POST', url: '/studies/9/participant_demographic_summary', data: {} }).catch((x: unknown) => x);
    setTransport();
    expect(e).toBeInstanceOf(ApiError);
    expect(errorStatus(e)).toBe(403);
    expect(errorMessage(e)).toBe('This embed token is not allowed on this page');
    expect(refusalOr('Somethign went wrong')(e)).toBe('This embed token is not allowed on this page');
    expect(asked[1]).toEqual({ url: 'https://gazeboard.example.com/v1.0/origin-check', headers: { Accept: 'application/json' } });
  });

  it('offline stays offline: status null when the check gets no answer either, or says the origin is allowed', async () => {
    setTransport(async () => { throw new TypeError('Failed to fetch'); });
    const offline = await request(api, { url: '/a' }).catch((x: unknown) => x);
    setTransport(async (req) => {
      if (req.url.endsWith('/origin-check')) return { status: 200, data: { success: true, origin: 'x', allowed: true, message: null } };
      throw new TypeError('Failed to fetch');
    });
    const allowed = await request(api, { url: '/a' }).catch((x: unknown) => x);
    setTransport();
    expect(errorStatus(offline)).toBeNull();
    expect(errorStatus(allowed)).toBeNull();
    expect(refusalOr('Somethign went wrong')(offline)).toBe('Somethign went wrong');
  });
});
