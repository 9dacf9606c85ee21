// Compressed responses (issue 10 item 7): brotli, else gzip, for every compressible answer above
// 1 KB — API JSON, the dashboard and SDK bundles, openapi.json. Media (images, video) are not
// compressible types and pass through untouched, so byte ranges on stims keep working.
// Registered before the routes and @fastify/static (its onSend hook must see their replies).
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export default fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    // Request bodies stay as they are: ingestion's body limit counts the bytes that arrive.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs tens of ms per 100 KB; 4 is about gzip's speed at a
    // better ratio, right for answers compressed on every request.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}, { name: 'compression' });
