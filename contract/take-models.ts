// The webcam adapter's model files (issue 22 item 2): @vladmandic/human's face detector, face mesh
// and iris models, hosted by this server so the runner downloads nothing from another host. Under
// /take/ (the runner's security row); the version in the path lets them be cached for a year.
import { Type } from 'typebox';
import { areaTag, defineOperation } from './common.js';

/** The only files served: what runner/src/webcam/config.ts enables. */
export const HUMAN_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin', 'iris.json', 'iris.bin'] as const;

export const humanModel = defineOperation({
  operationId: 'takeHumanModel',
  method: 'GET',
  path: '/take/models/:version/:file',
  summary: "The webcam gaze adapter's model files (@vladmandic/human, MIT), hosted here",
  description: '404 for another version than the installed one, or a file the adapter does not use.',
  tags: [areaTag('take')], access: 'read', roles: ['public'],
  params: Type.Object({ version: Type.String({ pattern: '^\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}$' }), file: Type.String({ pattern: '^[a-z-]{1,40}\\.(json|bin)$' }) }),
  response: { 200: Type.Unsafe<unknown>({ description: 'Model topology (JSON) or weights (binary)', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }) },
  errors: [404],
  hidden: true,
});

export const operations = { humanModel };
