import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, configure, currentToken, errorMessage, getClientConfig, setSessionExpiredHandler } from './client';
import { stubHttp } from './test-transport';
import { useTestClient } from '../test-utils';

describe('api client', () => {
  useTestClient('http://h.test/v1.0');
  afterEach(() => {
    setSessionExpiredHandler(null);
  });

  it('D1-125 D1-010 defaults to same origin + /v1.0; api-base is configurable (trailing slash dropped)', () => {
    configure({ apiBase: '' });
    expect(getClientConfig().apiBase).toBe(`${window.location.origin}/v1.0`);
    configure({ apiBase: 'https://x.test/v1.0/' });
    expect(getClientConfig().apiBase).toBe('https://x.test/v1.0');
  });

  it('D1-126 adds Authorization: Token from storage, explicit token wins, none on /auth-token', async () => {
    const http = stubHttp();
    localStorage.setItem('token', 'stored');
    await api.get('/studies/overview');
    configure({ token: 'explicit' });
    await api.get('/studies/overview');
    await api.post('/auth-token', { username: 'a', password: 'b' });
    expect(http.requests.map((r) => r.headers.authorization)).toEqual(['Token stored', 'Token explicit', undefined]);
    expect(currentToken()).toBe('explicit');
  });

  it('D1-127 adds X-Company-Id only when a company is set', async () => {
    const http = stubHttp();
    localStorage.setItem('token', 't');
    await api.get('/a');
    configure({ companyId: 5 });
    await api.get('/b');
    expect(http.requests[0].headers['x-company-id']).toBeUndefined();
    expect(http.requests[1].headers['x-company-id']).toBe('5');
  });

  it('a 401 on an authorised call ends the session; a failed login does not', async () => {
    const expired = vi.fn();
    setSessionExpiredHandler(expired);
    stubHttp(() => ({ status: 401, data: { success: false, message: 'Unauthorized' } }));
    await expect(api.post('/auth-token', {})).rejects.toThrow();
    expect(expired).not.toHaveBeenCalled();
    localStorage.setItem('token', 't');
    await expect(api.get('/user/get-details')).rejects.toThrow();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('without a store, a 401 still tells the host through a window event', async () => {
    const on = vi.fn();
    window.addEventListener('gaze-session-expired', on);
    stubHttp(() => ({ status: 401 }));
    localStorage.setItem('token', 't');
    await expect(api.get('/x')).rejects.toThrow();
    window.removeEventListener('gaze-session-expired', on);
    expect(on).toHaveBeenCalledTimes(1);
  });

  it('errorMessage reads the envelope message', async () => {
    stubHttp(() => ({ status: 400, data: { success: false, message: 'email is invalid' } }));
    const err = await api.get('/x').catch((e: unknown) => e);
    expect(errorMessage(err)).toBe('email is invalid');
    expect(errorMessage(new Error('x'), 'fallback')).toBe('fallback');
  });
});
