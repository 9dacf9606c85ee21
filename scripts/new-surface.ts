// `npm run new:surface -- <name>`: writes one new surface end to end — element, domain, contract,
// server route with its test, dashboard page — and edits no other file: every registry finds the
// new files on disk (docs/architecture.md, "Adding a surface"). `--remove <name>` deletes exactly
// the files it would write (the generator test uses both).
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NAME_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** Names that already mean something in the folders the generator writes into. */
const RESERVED = new Set(['common', 'index', 'api', 'config', 'store', 'resource', 'session', 'provider', 'test', 'routes', 'ui']);

export interface SurfaceNames {
  /** kebab-case: the folder, file and path name. */
  name: string;
  tag: string;
  /** PascalCase: the component and type names. */
  pascal: string;
  /** camelCase: the resource and plugin names. */
  camel: string;
  /** Words for humans ('Sample widget'). */
  title: string;
}

export function surfaceNames(name: string): SurfaceNames {
  if (!NAME_PATTERN.test(name)) throw new Error(`"${name}": use lower-case words joined by dashes (e.g. my-reports)`);
  if (RESERVED.has(name)) throw new Error(`"${name}" is reserved`);
  const words = name.split('-');
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return { name, tag: `gaze-${name}`, pascal, camel: pascal[0].toLowerCase() + pascal.slice(1), title: `${pascal[0]}${words.join(' ').slice(1)}` };
}

/** Every file of a surface: repository-relative path → content. */
export function surfaceFiles(name: string): Record<string, string> {
  const { tag, pascal, camel, title } = surfaceNames(name);
  return {
    [`contract/${name}.ts`]: `// ${title}: what the area answers (server/routes/${name}). TODO: describe the area.
import { Type, type Static } from 'typebox';
import { areaTag, defineOperation, Id, Ok, SIGNED_IN } from './common.js';

// The area's own OpenAPI tag (no central tag list to edit).
declare module './common.js' {
  interface AreaTags {
    '${name}': true;
  }
}

export const ${pascal}Summary = Type.Object({
  company_id: Id({ description: 'The acting company' }),
  title: Type.String(),
});
export type ${pascal}Summary = Static<typeof ${pascal}Summary>;

export const ${pascal}Response = Ok({ data: ${pascal}Summary });
export type ${pascal}Response = Static<typeof ${pascal}Response>;

export const get${pascal} = defineOperation({
  operationId: 'get${pascal}',
  method: 'GET',
  path: '/v1.0/${name}',
  summary: '${title} of the acting company',
  tags: [areaTag('${name}')],
  access: 'read',
  roles: SIGNED_IN,
  response: { 200: ${pascal}Response },
});

export const operations = { get${pascal} };
`,
    [`server/routes/${name}/index.ts`]: `// ${title} (contract/${name}.ts). Found by server/routes/index.ts and registered under /v1.0.
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/${name}.js';
import { route } from '../common.js';

export default async function ${camel}Routes(app: FastifyInstance) {
  route(app, contract.get${pascal}, async (request) => ({
    success: true as const,
    data: { company_id: request.auth.companyId, title: '${title}' },
  }));
}
`,
    [`server/test/routes/${name}.test.ts`]: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { authHeaders, createCompany, createUser, signIn } from '../fixtures.js';

let app: FastifyInstance;
let database: Database;
let token: string;
let companyId: number;

beforeAll(async () => {
  ({ app, database } = await testApp());
  companyId = (await createCompany(database.db, { name: 'Acme' })).id;
  await createUser(database.db, { companyId, username: 'ann' });
  token = await signIn(app, 'ann');
});
afterAll(async () => { await app.close(); await database.close(); });

describe('${title} (GET /v1.0/${name})', () => {
  it('answers the acting company for a signed-in user', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/${name}', headers: authHeaders(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { company_id: companyId, title: '${title}' } });
  });

  it('refuses a call without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1.0/${name}' });
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });
});
`,
    [`sdk/core/${name}/${name}.ts`]: `// ${title}: a keyed resource over the element's config (api base, token, company).
import type { ${pascal}Response, ${pascal}Summary } from '../../../contract/${name}';
import { request } from '../api/client';
import { createResource } from '../resource/resource';

export const ${camel}Summary = createResource<void, ${pascal}Summary>({
  name: '${name}/summary',
  fetch: async (api) => (await request<${pascal}Response>(api, { url: '/${name}' })).data,
});
`,
    [`sdk/elements/${name}/${pascal}.tsx`]: `import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { ${camel}Summary } from '../../core/${name}/${name}';
import { ErrorText, Heading, Spinner } from '../../ui';

const Wrap = styled.section\`
  display: grid;
  gap: 16px;
\`;

export function ${pascal}() {
  const { data, error } = useResource(${camel}Summary, undefined);
  if (!data) return error ? <ErrorText>{error}</ErrorText> : <Spinner />;
  return (
    <Wrap part="${name}">
      <Heading part="title">{data.title}</Heading>
    </Wrap>
  );
}
`,
    [`sdk/elements/${name}/${name}.element.ts`]: `import { defineElement } from '../define';
import type { CommonAttributes, CommonEvents } from '../registry';
import { ${pascal} } from './${pascal}';

/**
 * ${title} of the acting company. TODO: say what the surface shows.
 *
 * @element ${tag}
 * @csspart ${name} - The whole surface.
 * @csspart title - The title.
 */
export const Gaze${pascal}Element = defineElement('${tag}', ${pascal});

// The tag's attributes and events join the typed registry (GazeElementRegistry) from here.
declare module '../registry' {
  interface GazeElementRegistry {
    '${tag}': { attributes: CommonAttributes; events: CommonEvents };
  }
}
`,
    [`sdk/elements/${name}/${name}.element.test.ts`]: `import { expect } from '@open-wc/testing';
import './${name}.element';
import { $, mount, resetPage, stubHttp, waitForText, describe, it, beforeEach } from '../test-utils';

describe('<${tag}>', () => {
  beforeEach(() => resetPage('/v1.0'));

  it('reads GET /${name} with its own token and shows the title', async () => {
    const http = stubHttp(() => ({ data: { success: true, data: { company_id: 1, title: 'Hello there' } } }));
    const el = await mount('${tag}', { token: 'w1' });
    await waitForText(el, 'Hello there');
    expect(http.requests[0]).to.include({ method: 'GET', url: '/v1.0/${name}' });
    expect(http.requests[0].headers.authorization).to.equal('Token w1');
    expect($(el, '[part="title"]')!.textContent).to.equal('Hello there');
  });
});
`,
    [`dashboard/pages/${name}/route.tsx`]: `import { GazeElement } from '../GazeElement';
import type { AreaRoute } from '../routes';

export const routes: AreaRoute[] = [{ path: '${name}', element: <GazeElement tag="${tag}" /> }];
`,
  };
}

export function writeSurface(name: string, root: string): string[] {
  const files = surfaceFiles(name);
  const taken = Object.keys(files).filter((f) => existsSync(join(root, f)));
  const folders = [`sdk/elements/${name}`, `sdk/core/${name}`, `server/routes/${name}`, `dashboard/pages/${name}`];
  const takenFolders = folders.filter((f) => existsSync(join(root, f)));
  if (taken.length || takenFolders.length) throw new Error(`"${name}" exists already: ${[...takenFolders, ...taken].join(', ')}`);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  return Object.keys(files);
}

/** Deletes the surface's files and the folders they leave empty. */
export function removeSurface(name: string, root: string): void {
  for (const file of Object.keys(surfaceFiles(name))) {
    rmSync(join(root, file), { force: true });
    let dir = dirname(join(root, file));
    while (dir !== root && existsSync(dir) && readdirSync(dir).length === 0) {
      rmdirSync(dir);
      dir = dirname(dir);
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const remove = args[0] === '--remove';
  const name = remove ? args[1] : args[0];
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    if (!name) throw new Error('usage: npm run new:surface -- <name>   (npm run new:surface -- --remove <name>)');
    if (remove) {
      removeSurface(name, root);
      console.log(`removed the ${name} surface`);
    } else {
      const written = writeSurface(name, root);
      console.log(`${surfaceNames(name).tag}: wrote\n${written.map((f) => `  ${f}`).join('\n')}\nNothing else to edit: registries find these files. Fill in the TODOs, then npm test.`);
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
