// Respondent-session ingestion (public, authenticated by the study's collection key) and the
// study user's call that issues that key. See docs/metrics.md "Collection and per-exposure summaries".
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ingestSession } from '../../services/ingest.js';
import { collectionKeyExists, findParticipantBySession, findStudyKey, setCollectionKeyHash } from '../../repositories/ingest.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { consentVersionExists } from '../../repositories/consent.js';
import * as contract from '../../../contract/ingest.js';
import { route, toId } from '../common.js';

export const INVALID_KEY = 'Invalid collection key';
export const STUDY_COMPLETED = 'This study is completed: it no longer collects responses';
export const CONSENT_ATTESTATION = 'required: this study asks respondents for consent, so a session needs the time the respondent agreed (ISO 8601)';
/** Compared against when the study is unknown or has no key: a hash no key has. */
const NO_KEY = '0'.repeat(64);

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
    // An unknown study and a wrong key get the same answer (and the same work: the key is hashed
    // and compared either way), so a caller without the study's key learns nothing about which
    // study ids exist.
    const presented = hashKey(String(request.headers['x-collection-key']).trim());
    const matches = sameHash(presented, found?.collectionKeyHash ?? NO_KEY);
    if (!found || !found.collectionKeyHash || !matches) throw forbidden(INVALID_KEY);
    // A completed study's results are final (issue 35 item 3): a real session arriving now is
    // refused, unless it is the retry of one stored before (answered as stored). Test sessions
    // never count, so they are still taken.
    if (found.completed && !body.participant.is_test) {
      const stored = await findParticipantBySession(app.db, found.id, body.session_id);
      if (stored === null) throw conflict(STUDY_COMPLETED);
      return { success: true as const, duplicate: true, participant_id: stored };
    }
    // A server-to-server import (issue 41): the collector showed the consent and attests it; a
    // study that asks for consent stores no session without that attestation.
    const p = body.participant;
    const at = p.consented_at ? new Date(p.consented_at) : null;
    if (p.consented_at && (!/^\d{4}-\d{2}-\d{2}T/.test(p.consented_at) || Number.isNaN(at!.getTime()))) {
      throw badRequest('Validation failed', { 'participant.consented_at': 'must be an ISO 8601 date and time' });
    }
    if (found.consentRequired && !at) throw badRequest('Validation failed', { 'participant.consented_at': CONSENT_ATTESTATION });
    if (p.consent_version != null && !(await consentVersionExists(app.db, found.id, p.consent_version))) {
      throw badRequest('Validation failed', { 'participant.consent_version': "must be a version of this study's consent text" });
    }
    const result = await ingestSession(app.db, { ...body, participant: { ...p, consented_at: at ? at.toISOString() : null } });
    return { success: true as const, duplicate: result.duplicate, participant_id: result.participant_id };
  }, {
    // The key is checked before the body is read, parsed and validated: without one, or with one
    // no study has, nothing else matters (a wrong key must not buy 32 MiB of parsing). The
    // handler then checks it is the key of the body's study.
    onRequest: async (request) => {
      const key = request.headers['x-collection-key'];
      if (typeof key !== 'string' || !key.trim()) throw unauthorized('Collection key required');
      if (!(await collectionKeyExists(app.db, hashKey(key.trim())))) throw forbidden(INVALID_KEY);
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
