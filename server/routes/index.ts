// Every route area, found on disk: each folder here with an index.ts is one area (no list to edit).
// An area's `export default` plugin is registered under /v1.0, unless the module says
// `export const mount = 'root'` (the few public paths outside it: /meta.json, /files, /visuals);
// an area may also export a `v1` plugin, registered under /v1.0 as well (files has both).
// Areas register in folder-name order, so the order is the same on every machine.
// Every route registers from a contract operation (contract/<area>.ts), or the server refuses to start.
// The areas' modules are imported by loadAreas() BEFORE the plugin is registered (app.ts): an
// import of every area takes seconds on a loaded host, and inside the plugin it raced fastify's
// plugin timeout ("Plugin did not start in time: 'routes'").
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { requireOperation } from './common.js';

interface AreaModule {
  default?: FastifyPluginAsync;
  v1?: FastifyPluginAsync;
  mount?: 'root' | 'v1';
}

const ROUTES_DIR = dirname(fileURLToPath(import.meta.url));

/** Area folder names with an index (.ts from source under tsx/vitest, .js once compiled), sorted. */
export function areaFolders(dir = ROUTES_DIR): { name: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, file: ['index.ts', 'index.js'].map((f) => join(dir, d.name, f)).find((f) => existsSync(f)) }))
    .filter((a): a is { name: string; file: string } => Boolean(a.file))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface Area { name: string; file: string; module: AreaModule }

/** Imports every area's module (slow on a loaded host: do it before registering the plugin). */
export async function loadAreas(dir = ROUTES_DIR): Promise<Area[]> {
  const areas = await Promise.all(
    areaFolders(dir).map(async (a) => ({ ...a, module: (await import(pathToFileURL(a.file).href)) as AreaModule })),
  );
  for (const { name, module } of areas) {
    if (!module.default && !module.v1) throw new Error(`server/routes/${name}/index: export a default (or v1) fastify plugin`);
  }
  return areas;
}

export default async function routes(app: FastifyInstance, opts: { areas?: Area[] } = {}) {
  app.addHook('onRoute', requireOperation);
  const areas = opts.areas ?? (await loadAreas());
  for (const { module } of areas) {
    if (module.mount === 'root' && module.default) await app.register(module.default);
  }
  await app.register(async (v1) => {
    for (const { module } of areas) {
      if (module.mount !== 'root' && module.default) await v1.register(module.default);
      if (module.v1) await v1.register(module.v1);
    }
    // Unknown /v1.0 paths answer the JSON 404 (plugins/errors.ts), never the dashboard's fallback page.
    v1.all('/*', { config: { public: true, notAnOperation: true } }, (_request, reply) => reply.callNotFound());
  }, { prefix: '/v1.0' });
}
