// Serves the built dashboard (dist/app) at / with an index.html fallback for client routes, and
// the built SDK (dist/sdk) at /sdk/ for embedders. Registered after the routes: API paths are
// more specific and always win, and anything under /v1.0 still answers the JSON 404.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StaticOptions {
  /** The built dashboard; default <project>/dist/app. */
  appDir?: string;
  /** The built SDK; default <project>/dist/sdk. */
  sdkDir?: string;
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Paths the dashboard's client routes never use; a miss there is a real 404. */
const NOT_CLIENT_ROUTES = /^\/(v1\.0|sdk|files|visuals)(\/|$)|^\/meta\.json$/;

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Gazeboard</title>
<meta http-equiv="refresh" content="10"></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Gazeboard</h1>
<p>The dashboard is not built yet. On the first <code>npm start</code> it is being built now
(this page reloads itself every 10 seconds); otherwise run <code>npm run build</code>.</p>
<p>The API is up: see <a href="/v1.0/openapi.json">/v1.0/openapi.json</a>.</p>
</body></html>
`;

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The request path as a file path inside root, or null when it would leave root. */
function inside(root: string, urlPath: string): string | null {
  if (urlPath.includes('\0')) return null;
  const rel = path.posix.normalize('/' + urlPath).replace(/^\/+/, '');
  const full = path.resolve(root, rel);
  return full === root || full.startsWith(root + path.sep) ? rel : null;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files in the build's hashed folder (the Vite configs name everything there by content hash) are
 * cached for a year without revalidation; everything else (index.html, sw.js, the SDK's entry
 * files, whose names embedders hard-code) is revalidated each time.
 */
export function cacheControlFor(rel: string, hashedDir: string): string {
  return rel.startsWith(hashedDir) ? IMMUTABLE : 'no-cache';
}

const acceptsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

export default async function staticFiles(app: FastifyInstance, opts: StaticOptions) {
  const appDir = path.resolve(opts.appDir ?? path.join(projectRoot, 'dist/app'));
  const sdkDir = path.resolve(opts.sdkDir ?? path.join(projectRoot, 'dist/sdk'));

  // serve:false only adds reply.sendFile; the routes below decide what is served, each sendFile
  // naming its own root. The plugin's root must exist or it logs a warning, and on a first start
  // dist/app does not yet (the build runs beside the server): give it the project folder.
  await app.register(fastifyStatic, { serve: false, root: projectRoot });

  const common = { config: { public: true }, schema: { hide: true } };

  app.get<{ Params: { '*': string } }>('/sdk/*', common, async (request, reply) => {
    const rel = inside(sdkDir, request.params['*'] ?? '');
    if (rel === null || !isFile(path.join(sdkDir, rel))) return reply.callNotFound();
    // Embedders load the SDK (a module script, so CORS applies) from any page: it is public code
    // and carries no credentials, so `*` is safe here, unlike the API (plugins/security.ts).
    if (!reply.getHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
    reply.header('cross-origin-resource-policy', 'cross-origin');
    // chunks/ are content-hashed (vite.lib.config.ts chunkFileNames): never changing under one
    // name. Entry files (gazeboard.js, elements/*.js, index.js) keep their names across releases.
    reply.header('cache-control', cacheControlFor(rel, 'chunks/'));
    return reply.sendFile(rel, sdkDir, { cacheControl: false });
  });

  const page = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const rel = inside(appDir, urlPath);
    if (rel !== null && rel !== '' && isFile(path.join(appDir, rel))) {
      // Vite fingerprints everything under assets/, so those never change under one name.
      reply.header('cache-control', cacheControlFor(rel, 'assets/'));
      return reply.sendFile(rel, appDir, { cacheControl: false });
    }
    const pathOnly = '/' + urlPath.replace(/^\/+/, '');
    if (NOT_CLIENT_ROUTES.test(pathOnly) || (pathOnly !== '/' && !acceptsHtml(request))) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    if (!isFile(path.join(appDir, 'index.html'))) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html', appDir, { cacheControl: false });
  };

  app.get('/', common, (request, reply) => page(request, reply, ''));
  app.get<{ Params: { '*': string } }>('/*', common, (request, reply) => page(request, reply, request.params['*'] ?? ''));
}
