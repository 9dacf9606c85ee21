// Respondent-session ingestion (public, authenticated by the study's collection key) and the
// study user's call that issues that key. See docs/metrics.md "Collection and per-exposure summaries".
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ingestSession, type SessionBody } from '../../services/ingest.js';
import { findStudyKey, setCollectionKeyHash } from '../../repositories/ingest.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors.js';
import { idSchema, studyParams } from '../common.js';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const id = idSchema;
const optionalId = { ...idSchema, type: ['integer', 'null'] } as const;
const optionalNumber = { type: ['number', 'null'], minimum: 0 } as const;

export const sessionSchema = {
  type: 'object',
  required: ['study_id', 'session_id', 'participant', 'steps'],
  properties: {
    study_id: id,
    session_id: { type: 'string', minLength: 1, maxLength: 200 },
    participant: {
      type: 'object',
      required: ['reference', 'cell_id', 'has_eyetracking', 'status', 'is_test'],
      properties: {
        reference: { type: 'string', minLength: 1, maxLength: 200 },
        cell_id: id,
        panel_id: optionalId,
        age_group_id: optionalId,
        family_group_id: optionalId,
        earnings_group_id: optionalId,
        gender_group_id: optionalId,
        socialgrade_group_id: optionalId,
        ethnicity_group_id: optionalId,
        has_eyetracking: { type: 'boolean' },
        calibration_accuracy_px: optionalNumber,
        calibration_precision_px: optionalNumber,
        frame_rate: optionalNumber,
        connection_speed_kbps: optionalNumber,
        status: { type: 'string', enum: ['complete', 'screenout', 'quota_full'] },
        is_test: { type: 'boolean' },
      },
    },
    steps: {
      type: 'array',
      maxItems: 500,
      items: {
        type: 'object',
        required: ['step_id', 'page_dwell_ms', 'stims'],
        properties: {
          step_id: id,
          page_dwell_ms: { type: 'number', minimum: 0 },
          stims: {
            type: 'array',
            maxItems: 100,
            items: {
              type: 'object',
              required: ['stim_id', 'x', 'y', 'width', 'height', 'viewability'],
              properties: {
                stim_id: id,
                x: { type: 'number' },
                y: { type: 'number' },
                width: { type: 'number', exclusiveMinimum: 0 },
                height: { type: 'number', exclusiveMinimum: 0 },
                viewability: {
                  type: 'array',
                  maxItems: 100_000,
                  items: {
                    type: 'object',
                    required: ['start_ms', 'end_ms', 'fraction'],
                    properties: {
                      start_ms: { type: 'number', minimum: 0 },
                      end_ms: { type: 'number', minimum: 0 },
                      fraction: { type: 'number', minimum: 0, maximum: 1 },
                    },
                  },
                },
              },
            },
          },
          gaze: {
            type: 'array',
            // 10 minutes at 120 Hz
            maxItems: 72_000,
            items: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'number' } },
          },
          answers: {
            type: 'array',
            maxItems: 1000,
            items: {
              type: 'object',
              required: ['question_id'],
              properties: {
                question_id: id,
                answer_option_id: optionalId,
                text: { type: ['string', 'null'], maxLength: 10_000 },
              },
            },
          },
        },
      },
    },
  },
} as const;

export default async function ingestRoutes(app: FastifyInstance) {
  app.post<{ Body: SessionBody }>('/collect/session', {
    config: { public: true },
    schema: { body: sessionSchema },
    // The key is checked before the body is parsed and validated: without one, nothing else matters.
    onRequest: async (request) => {
      const key = request.headers['x-collection-key'];
      if (typeof key !== 'string' || !key.trim()) throw unauthorized('Collection key required');
    },
  }, async (request) => {
    const body = request.body;
    for (const [i, s] of body.steps.entries()) {
      for (const [j, st] of s.stims.entries()) {
        for (const [k, v] of st.viewability.entries()) {
          if (v.end_ms < v.start_ms) throw badRequest('Validation failed', { [`steps.${i}.stims.${j}.viewability.${k}.end_ms`]: 'must not be before start_ms' });
        }
      }
    }
    const found = await findStudyKey(app.db, body.study_id);
    if (!found) throw badRequest('Validation failed', { study_id: `Unknown study ${body.study_id}` });
    const key = String(request.headers['x-collection-key']).trim();
    if (!found.collectionKeyHash || !sameHash(hashKey(key), found.collectionKeyHash)) throw forbidden('Invalid collection key');
    const result = await ingestSession(app.db, body);
    return { success: true, duplicate: result.duplicate, participant_id: result.participant_id };
  });

  app.post<{ Params: { id: number } }>('/studies/:id/collection-key', {
    schema: { params: studyParams },
  }, async (request) => {
    if (request.auth.userTypeId !== 1 && !request.auth.superUser) throw forbidden('Only study users may issue collection keys');
    const found = await findStudyKey(app.db, request.params.id);
    if (!found || found.companyId !== request.auth.companyId) throw notFound('Study not found');
    const key = randomBytes(24).toString('base64url');
    await setCollectionKeyHash(app.db, found.id, hashKey(key));
    return { success: true, data: { study_id: found.id, collection_key: key } };
  });
}
