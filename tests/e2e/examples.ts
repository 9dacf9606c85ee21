// Shared by the example specs (embedding, partner-portal, react-host): serves an example from a
// second origin (http://localhost:<port>, while the server is http://127.0.0.1:<port>), the way an
// intranet or a partner would, and makes that origin one the demo company allows (issue 20).
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { api } from './helpers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.map': 'application/json',
};

export interface ExampleServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `dir` (index.html for `/`) on localhost; `rewrite` turns each HTML file's text into what
 * the page serves (the server's address and a token filled in). `port` 0 picks a free one.
 */
export async function serveExample(dir: string, rewrite: (html: string) => string, port = 0): Promise<ExampleServer> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const rel = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
    const file = path.join(dir, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    try {
      if (!file.startsWith(path.resolve(dir)) && !file.startsWith(dir)) throw new Error('outside');
      statSync(file);
      const ext = path.extname(file);
      const body = ext === '.html' ? rewrite(readFileSync(file, 'utf8')) : readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Adds `origin` to the token's company's allowed origins (already there is fine). */
export async function allowOrigin(token: string, origin: string): Promise<void> {
  const res = await api(token, '/company/allowed-origins', { body: { origin } });
  if (res.status !== 200 && res.status !== 409) throw new Error(`allowing ${origin}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** An embed token (gze_…) of one study for these origins, as the Share / Embed dialog makes it. */
export async function embedToken(token: string, studyId: number, body: { report_types?: string[]; origins: string[]; name?: string }): Promise<{ id: number; token: string }> {
  const res = await api<{ token: string; embed: { id: number } }>(token, `/studies/${studyId}/embed-tokens`, { body: { name: `E2E example ${Date.now()}`, ...body } });
  if (res.status !== 200) throw new Error(`embed token: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.embed.id, token: res.body.token };
}
