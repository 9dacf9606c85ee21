// GET /take/models/{version}/{file}: @vladmandic/human's model files for the runner's webcam
// adapter (contract/take-models.ts), read from the installed package; public, long-cached.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/take-models.js';
import { notFound } from '../../errors.js';
import { route } from '../common.js';

export const mount = 'root';

const ALLOWED = new Set<string>(contract.HUMAN_MODEL_FILES);

/** The installed package's folder and version (HUMAN_MODELS_DIR overrides the folder, for tests). */
async function installed(): Promise<{ dir: string; version: string } | null> {
  try {
    const require = createRequire(import.meta.url);
    // The package's exports do not list package.json: find it from the resolved entry.
    const entry = require.resolve('@vladmandic/human');
    const root = path.resolve(path.dirname(entry), '..');
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    return { dir: process.env.HUMAN_MODELS_DIR ?? path.join(root, 'models'), version: pkg.version };
  } catch {
    return null;
  }
}

export default async function takeModels(app: FastifyInstance) {
  const human = await installed();
  route(app, contract.humanModel, async (request, reply) => {
    const { version, file } = request.params;
    if (!human || version !== human.version || !ALLOWED.has(file)) throw notFound('No such model file');
    const body = await readFile(path.join(human.dir, file)).catch(() => null);
    if (!body) throw notFound('No such model file');
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(file.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream')
      .send(body);
  });
}
