import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => ({ app, database } = await testApp()));
afterAll(async () => { await app.close(); await database.close(); });

describe('meta and unknown routes', () => {
  it('GET /meta.json answers the running version without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '0.1.8', environment: 'prod' });
  });
  it('unknown /v1.0 routes answer a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1.0/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});
