// Respondent-session ingestion (public, authenticated by the study's collection key) and the
// study user's call that issues that key. See docs/metrics.md "Collection and per-exposure summaries".
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ingestSession } from '../../services/ingest.js';
import { findStudyKey, setCollectionKeyHash } from '../../repositories/ingest.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import * as contract from '../../../contract/ingest.js';
import { route, toId } from '../common.js';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default async function ingestRoutes(app: FastifyInstance) {
  route(app, contract.collectSession, async (request) => {
    const body = request.body;
    const found = await findStudyKey(app.db, body.study_id);
    if (!found) throw badRequest('Validation failed', { study_id: `Unknown study ${body.study_id}` });
    const key = String(request.headers['x-collection-key']).trim();
    if (!found.collectionKeyHash || !sameHash(hashKey(key), found.collectionKeyHash)) throw forbidden('Invalid collection key');
    const result = await ingestSession(app.db, body);
    return { success: true as const, duplicate: result.duplicate, participant_id: result.participant_id };
  }, {
    // The key is checked before the body is parsed and validated: without one, nothing else matters.
    onRequest: async (request) => {
      const key = request.headers['x-collection-key'];
      if (typeof key !== 'string' || !key.trim()) throw unauthorized('Collection key required');
    },
  });

  route(app, contract.issueCollectionKey, async (request) => {
    if (request.auth.userTypeId !== 1 && !request.auth.superUser) throw forbidden('Only study users may issue collection keys');
    const found = await findStudyKey(app.db, toId(request.params.id));
    if (!found || found.companyId !== request.auth.companyId) throw notFound('Study not found');
    const key = randomBytes(24).toString('base64url');
    await setCollectionKeyHash(app.db, found.id, hashKey(key));
    return { success: true as const, data: { study_id: found.id, collection_key: key } };
  });
}
