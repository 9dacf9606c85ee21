// Issue 22 item 2: the webcam adapter's model files are hosted by this server (no outside hub):
// public (no token), the right content type, long-cached, and nothing but the files it uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../helpers.js';
import { HUMAN_MODEL_FILES } from '../../../contract/take-models.js';
import { HUMAN_VERSION } from '../../../runner/src/webcam/config.js';

let app: FastifyInstance;
beforeAll(async () => { ({ app } = await testApp()); });
afterAll(async () => { await app.close(); });

const installed = (JSON.parse(readFileSync('node_modules/@vladmandic/human/package.json', 'utf8')) as { version: string }).version;

describe('GET /take/models/{version}/{file} (issue 22 item 2)', () => {
  it("the runner asks for the installed version's files", () => {
    expect(HUMAN_VERSION).toBe(installed);
  });
  it('serves every model file the adapter loads, without auth, with its type and a long cache', async () => {
    for (const file of HUMAN_MODEL_FILES) {
      const res = await app.inject({ method: 'GET', url: `/take/models/${installed}/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe(file.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBe(readFileSync(`node_modules/@vladmandic/human/models/${file}`).length);
    }
    const topology = JSON.parse((await app.inject({ url: `/take/models/${installed}/facemesh.json` })).body) as { weightsManifest: { paths: string[] }[] };
    // The weights the topology names are among the served files (human fetches them next to it).
    for (const p of topology.weightsManifest.flatMap((m) => m.paths)) expect(HUMAN_MODEL_FILES).toContain(p);
  });
  it('answers 404 for another version, an unused model or a path outside the folder', async () => {
    for (const url of [`/take/models/0.0.1/iris.json`, `/take/models/${installed}/emotion.json`, `/take/models/${installed}/..%2Fpackage.json`, `/take/models/${installed}/models.json`]) {
      // A path outside the folder fails the file pattern first (400).
      expect([400, 404], url).toContain((await app.inject({ url })).statusCode);
    }
  });
});
