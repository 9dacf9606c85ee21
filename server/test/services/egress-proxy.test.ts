// Issue 36 item 1: the run-through's egress proxy applies the cache-page fetcher's address rules to
// every plain-http request and every CONNECT tunnel: loopback, private names and names resolving to
// private addresses are refused (and reported) before any connection is made; this server's own
// origins (exact host and port) are reached. A loopback canary counts every connection it gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { EgressProxy, type Refusal } from '../../services/egress-proxy.js';

let canary: http.Server;
let canaryPort: number;
let hits = 0;
let own: http.Server;
let ownPort: number;

const listen = async (s: http.Server) => {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  canary = http.createServer((_req, res) => res.end('secret'));
  canary.on('connection', () => { hits++; });
  canaryPort = await listen(canary);
  own = http.createServer((req, res) => {
    if (req.url === '/to-canary') { res.writeHead(302, { location: `http://127.0.0.1:${canaryPort}/` }); res.end(); return; }
    res.writeHead(200, { 'content-type': 'text/plain', 'x-own': '1' });
    res.end(`own ${req.method} ${req.url} host=${req.headers.host}`);
  });
  ownPort = await listen(own);
});
afterAll(async () => {
  canary.closeAllConnections();
  own.closeAllConnections();
  await new Promise((r) => canary.close(r));
  await new Promise((r) => own.close(r));
});

/** A plain-http request through the proxy (absolute-form, as a browser sends it). */
function viaProxy(proxy: EgressProxy, url: string): Promise<{ status: number; body: string; location?: string }> {
  const p = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: p.hostname, port: p.port, path: url, headers: { host: new URL(url).host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The proxy's answer to CONNECT target (the status line). */
function connect(proxy: EgressProxy, target: string): Promise<{ line: string; socket: net.Socket }> {
  const p = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(p.port), p.hostname, () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`));
    let got = '';
    socket.on('data', (c: Buffer) => {
      got += c.toString();
      if (got.includes('\r\n\r\n')) resolve({ line: got.split('\r\n')[0], socket });
    });
    socket.on('error', reject);
    socket.on('end', () => resolve({ line: got.split('\r\n')[0], socket }));
  });
}

describe('issue 36 item 1: the run-through egress proxy', () => {
  it('refuses loopback and private targets (plain http and CONNECT, every notation) and reports each; none reaches the canary', async () => {
    const refused: Refusal[] = [];
    const proxy = await EgressProxy.start({ allowPrivate: false, ownOrigins: [`http://127.0.0.1:${ownPort}`] });
    proxy.onRefused = (r) => refused.push(r);
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.1', '169.254.169.254', '0.0.0.0', 'intranet']) {
        const res = await viaProxy(proxy, `http://${host}:${canaryPort}/secret?q=1`);
        expect(res.status, host).toBe(403);
        expect(res.body).not.toContain('secret');
      }
      for (const target of [`127.0.0.1:${canaryPort}`, `localhost:${canaryPort}`, `[::1]:${canaryPort}`, `0x7f.1:${canaryPort}`]) {
        const { line, socket } = await connect(proxy, target);
        expect(line, target).toBe('HTTP/1.1 403 Forbidden');
        socket.destroy();
      }
      expect(hits).toBe(0);
      expect(refused[0]).toEqual({ target: `http://127.0.0.1:${canaryPort}/secret`, reason: 'The address is private or local' });
      expect(refused.map((r) => r.target)).toContain(`localhost:${canaryPort}`);
      expect(refused).toHaveLength(12);
    } finally {
      await proxy.close();
    }
  });

  it('refuses a public-looking name that resolves to a private address, after resolving it (the same rule as the cache-page fetcher)', async () => {
    const refused: Refusal[] = [];
    const resolve = async (name: string) => (name === 'ads.example.com' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }]);
    const proxy = await EgressProxy.start({ allowPrivate: false, resolve });
    proxy.onRefused = (r) => refused.push(r);
    try {
      expect((await viaProxy(proxy, `http://ads.example.com:${canaryPort}/x`)).status).toBe(403);
      expect((await connect(proxy, `mixed.example.com:${canaryPort}`)).line).toBe('HTTP/1.1 403 Forbidden');
      expect(hits).toBe(0);
      expect(refused).toEqual([
        { target: `http://ads.example.com:${canaryPort}/x`, reason: 'ads.example.com resolves to a private or local address' },
        { target: `mixed.example.com:${canaryPort}`, reason: 'mixed.example.com resolves to a private or local address' },
      ]);
    } finally {
      await proxy.close();
    }
  });

  it("reaches this server's own origin (exactly its host and port), passes a redirect back to the browser, and tunnels CONNECT to it", async () => {
    const refused: Refusal[] = [];
    const proxy = await EgressProxy.start({ allowPrivate: false, ownOrigins: [`http://127.0.0.1:${ownPort}`] });
    proxy.onRefused = (r) => refused.push(r);
    try {
      const ok = await viaProxy(proxy, `http://127.0.0.1:${ownPort}/page?a=1`);
      expect(ok).toMatchObject({ status: 200, body: `own GET /page?a=1 host=127.0.0.1:${ownPort}` });
      // The redirect is the browser's to follow: its next request is checked like any other.
      const hop = await viaProxy(proxy, `http://127.0.0.1:${ownPort}/to-canary`);
      expect(hop).toMatchObject({ status: 302, location: `http://127.0.0.1:${canaryPort}/` });
      expect((await viaProxy(proxy, hop.location!)).status).toBe(403);
      const { line, socket } = await connect(proxy, `127.0.0.1:${ownPort}`);
      expect(line).toBe('HTTP/1.1 200 Connection Established');
      const answer = await new Promise<string>((resolve) => {
        let got = '';
        socket.on('data', (c: Buffer) => { got += c.toString(); if (got.includes('own GET')) resolve(got); });
        socket.write(`GET /tunnelled HTTP/1.1\r\nHost: 127.0.0.1:${ownPort}\r\nConnection: close\r\n\r\n`);
      });
      expect(answer).toContain('own GET /tunnelled');
      socket.destroy();
      // Another port of the same host is not this server.
      expect((await viaProxy(proxy, `http://127.0.0.1:${canaryPort}/`)).status).toBe(403);
      expect(hits).toBe(0);
      expect(refused.map((r) => r.target)).toEqual([`http://127.0.0.1:${canaryPort}/`, `http://127.0.0.1:${canaryPort}/`]);
    } finally {
      await proxy.close();
    }
  });
});
