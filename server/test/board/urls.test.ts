// URL rules (D2-122, spec document 2 §5): http, https, ftp only; private, loopback and link-local
// hosts refused; ALLOW_PRIVATE_URLS is a test-only switch that is off by default.
import { afterEach, describe, expect, it } from 'vitest';
import { isPrivateAddress, isValidPublicUrl, parsePublicUrl, privateUrlsAllowed } from '../../domain/urls.js';

afterEach(() => { delete process.env.ALLOW_PRIVATE_URLS; });

describe('D2-122 URL rules (server/domain/urls.ts)', () => {
  it('accepts public http, https and ftp addresses', () => {
    for (const url of ['http://example.com', 'https://www.example.co.uk/path?q=1#x', 'ftp://files.example.org/a.txt',
      'https://93.184.216.34/', 'https://[2606:4700::1111]/', 'HTTPS://EXAMPLE.COM/', 'https://xn--bcher-kva.example/']) {
      expect(isValidPublicUrl(url), url).toBe(true);
    }
  });

  it('refuses other schemes, private, loopback and link-local hosts, local names and malformed input', () => {
    for (const url of [
      'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'gopher://example.com', 'ws://example.com',
      'http://127.0.0.1', 'http://127.1', 'http://2130706433/', 'http://0x7f.0.0.1/', 'http://0177.0.0.1/', 'http://0.0.0.0/',
      'http://10.0.0.1', 'http://172.16.0.1', 'http://172.31.255.255', 'http://192.168.0.1', 'http://100.64.0.1',
      'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::]/', 'http://[fe80::1]/', 'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/', 'http://[::ffff:a00:1]/', 'http://224.0.0.1/', 'http://localhost/', 'http://LOCALHOST:3000/',
      'http://foo.localhost/', 'http://printer.local/', 'http://intranet/', 'http://server.internal/', 'http://user:pw@example.com/',
      'http:example.com', 'http:/example.com', 'example.com', '', '   ', 'http://exa mple.com', `https://example.com/${'a'.repeat(2100)}`,
      'http://-bad-.example.com/', 'http://example.123/',
    ]) {
      expect(isValidPublicUrl(url), url).toBe(false);
    }
  });

  it('classifies addresses, including IPv4 inside IPv6', () => {
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2001:4860:4860::8888')).toBe(false);
    for (const ip of ['127.0.0.1', '10.2.3.4', '172.20.1.1', '192.168.1.1', '169.254.1.1', '::1', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'not-an-ip']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });

  it('ALLOW_PRIVATE_URLS is off by default and only "1" turns it on', () => {
    delete process.env.ALLOW_PRIVATE_URLS;
    expect(privateUrlsAllowed()).toBe(false);
    expect(parsePublicUrl('http://127.0.0.1:8080/')).toBeNull();
    for (const v of ['true', 'yes', '0', '', ' 1']) expect(privateUrlsAllowed({ ALLOW_PRIVATE_URLS: v }), v).toBe(false);
    process.env.ALLOW_PRIVATE_URLS = '1';
    expect(privateUrlsAllowed()).toBe(true);
    expect(parsePublicUrl('http://127.0.0.1:8080/')?.port).toBe('8080');
    // Still never another scheme.
    expect(parsePublicUrl('file:///etc/passwd')).toBeNull();
  });
});
