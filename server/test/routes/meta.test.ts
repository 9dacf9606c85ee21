import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import type { Database } from '../../db/client.js';
import { loadConfig } from '../../config.js';
import { DEFAULT_PRODUCTS, DEFAULT_PRODUCT_SITE } from '../../../contract/meta.js';

let app: FastifyInstance;
let database: Database;
beforeAll(async () => ({ app, database } = await testApp()));
afterAll(async () => { await app.close(); await database.close(); });

describe('meta and unknown routes', () => {
  it('GET /meta.json answers the running version without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '0.1.8', environment: 'prod' });
  });
  it('D1-016 /meta.json names the product site and the product names the dashboard redirects (defaults)', async () => {
    const res = await app.inject({ method: 'GET', url: '/meta.json' });
    expect(res.json()).toMatchObject({ product_site: DEFAULT_PRODUCT_SITE, products: [...DEFAULT_PRODUCTS] });
  });
  it('D1-016 PRODUCT_SITE_URL and PRODUCT_NAMES configure them; a name that is not one segment is refused at start', () => {
    expect(loadConfig({ PRODUCT_SITE_URL: 'https://example.org/', PRODUCT_NAMES: ' Attention, focus ,' })).toMatchObject({
      productSite: 'https://example.org/', products: ['attention', 'focus'],
    });
    expect(loadConfig({}).products).toBeUndefined();
    expect(() => loadConfig({ PRODUCT_NAMES: 'a/b' })).toThrow(/PRODUCT_NAMES/);
  });
  it('unknown /v1.0 routes answer a JSON 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1.0/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});
