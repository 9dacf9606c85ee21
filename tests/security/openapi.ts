// The operations of the API as /v1.0/openapi.json describes them: what the fuzz and tenancy
// suites enumerate, so a route added later is covered without touching them.
import type { FastifyInstance } from 'fastify';

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. /v1.0/studies/{id}. */
  path: string;
  /** "POST /v1.0/studies/{id}": how failures and known failures are named. */
  name: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level JSON body properties (from the request body schema), if any. */
  bodyProps: string[];
  hasBody: boolean;
  /** From the contract when present: read/write and the roles allowed. */
  access?: string;
  roles?: string[];
  /** From the contract (x-embed): the report types whose embed tokens may call it; absent: none may. */
  embed?: { reportTypes: string[] | 'any' };
}

interface OaParam { in: string; name: string }
interface OaOperation {
  parameters?: OaParam[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  'x-access'?: string;
  'x-roles'?: string[];
  'x-embed'?: { reportTypes: string[] | 'any' };
}

export async function operations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/v1.0/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, OaOperation>> };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      out.push({
        method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}`,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(schema?.properties ?? {}),
        hasBody: Boolean(op.requestBody),
        access: op['x-access'],
        roles: op['x-roles'],
        embed: op['x-embed'],
      });
    }
  }
  return out;
}

/** The path template with every {param} replaced (values are inserted as given: URL-encode first). */
export function fill(path: string, values: Record<string, string> | ((name: string) => string)): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => (typeof values === 'function' ? values(name) : values[name] ?? '1'));
}
