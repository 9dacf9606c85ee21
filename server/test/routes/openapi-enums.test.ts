// Issue 40 item 6: closed sets of values are enums in /v1.0/openapi.json, from the contract's own
// constants (they were free strings beside the constants listing them, so a client generated from
// the document typed them as string).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { DOWNLOAD_KINDS, DOWNLOAD_STATUSES } from '../../../contract/downloads.js';
import { VALIDATION_STATUSES } from '../../../contract/validations.js';
import { QUALITY_MEASURES } from '../../../contract/take.js';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => ({ app, database } = await testApp()));
afterAll(async () => { await app.close(); await database.close(); });

type Schema = { properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; type?: unknown; anyOf?: Schema[] };
const ok200 = (doc: { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: Schema }> }> }>> }, path: string, method: string) =>
  doc.paths[path][method].responses['200'].content['application/json'].schema;

describe('closed sets are enums in openapi.json', () => {
  it('a download\'s kind and status, a validation\'s status, a quality failure\'s measure', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1.0/openapi.json' })).json();
    const download = ok200(doc, '/v1.0/downloads', 'get').properties!.data.items!.properties!;
    expect(download.kind.enum).toEqual([...DOWNLOAD_KINDS]);
    expect(download.status.enum).toEqual([...DOWNLOAD_STATUSES]);
    const validation = ok200(doc, '/v1.0/validations', 'get').properties!.data.items!.properties!;
    expect(validation.status.enum).toEqual([...VALIDATION_STATUSES]);
    expect(validation.kind.enum).toEqual(['run_through', 'test_session']);
    const quality = ok200(doc, '/v1.0/take/{id}/quality', 'post').properties!.failures.items!.properties!;
    expect(quality.measure.enum).toEqual([...QUALITY_MEASURES]);
    expect(QUALITY_MEASURES).toContain('calibration_data');
  });
});
