// Issue 10 item 10: human-readable logs by default — one short line per event, requests only at
// debug and then one compact line each, JSON lines with LOG_FORMAT=json — and no warning on a
// first start when dist/app does not exist yet.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { fastifyLogger, logOptionsFromEnv, prettyLine, startupLogger, type LogOptions } from '../../logger.js';

let app: FastifyInstance | undefined;
let database: Database | undefined;
afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

/** An app logging into lines[], with a dashboard folder that does not exist (a first start). */
async function appLogging(opts: LogOptions): Promise<string[]> {
  const lines: string[] = [];
  const write = (s: string) => { lines.push(...s.split('\n').filter(Boolean)); };
  database = await openDatabase({});
  const missing = path.join(tmpdir(), `gazeboard-no-dist-${process.pid}`);
  app = await buildApp({
    database, config: { ...loadConfig({}), seed: false, dataDir: '' },
    logger: fastifyLogger({ ...opts, write }), static: { appDir: path.join(missing, 'app'), sdkDir: path.join(missing, 'sdk') },
  });
  await app.ready();
  return lines;
}

describe('log format (issue 10 item 10)', () => {
  it('reads LOG_LEVEL and LOG_FORMAT, pretty and info by default, and refuses unknown values', () => {
    expect(logOptionsFromEnv({})).toEqual({ level: 'info', format: 'pretty' });
    expect(logOptionsFromEnv({ LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'json' })).toEqual({ level: 'debug', format: 'json' });
    expect(() => logOptionsFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => logOptionsFromEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('pretty: a start-up step is one line with a time and the message; warnings say so; errors carry their stack', () => {
    const lines: string[] = [];
    const say = startupLogger({ write: (s) => lines.push(s) });
    say('opening PGlite in /data/pglite');
    say('disk almost full', 'warn');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d opening PGlite in \/data\/pglite\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d WARN disk almost full\n$/);
    const err = prettyLine(JSON.stringify({ level: 50, time: 0, msg: 'request failed', reqId: 'req-1', err: { message: 'boom', stack: 'Error: boom\n    at x' } }));
    expect(err.split('\n')[0]).toMatch(/ERROR request failed$/);
    expect(err).toContain('    Error: boom');
  });

  it('json: one JSON object per line, with level and time, for machines', () => {
    const lines: string[] = [];
    const say = startupLogger({ format: 'json', write: (s) => lines.push(s) });
    say('seeding done');
    expect(JSON.parse(lines[0])).toMatchObject({ level: 30, msg: 'seeding done' });
    expect(typeof JSON.parse(lines[0]).time).toBe('number');
  });

  it('levels filter start-up lines too (LOG_LEVEL=warn keeps only problems)', () => {
    const lines: string[] = [];
    const say = startupLogger({ level: 'warn', write: (s) => lines.push(s) });
    say('step');
    say('problem', 'warn');
    expect(lines).toEqual([expect.stringMatching(/WARN problem/)]);
  });

  it('at the default level a request logs nothing, and a first start without dist/app warns of nothing', async () => {
    const lines = await appLogging({ level: 'info' });
    await app!.inject({ method: 'GET', url: '/meta.json' });
    await app!.inject({ method: 'GET', url: '/v1.0/studies/1', headers: { authorization: 'Token nope' } });
    await app!.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(lines).toEqual([]);
  });

  it('at debug each request is one compact line: method, path without query, status, time', async () => {
    const lines = await appLogging({ level: 'debug' });
    await app!.inject({ method: 'GET', url: '/meta.json?x=secret' });
    const requests = lines.filter((l) => l.includes('/meta.json'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^\d\d:\d\d:\d\d DEBUG GET \/meta\.json 200 \d+\.\d ms/);
    expect(requests[0]).not.toContain('secret');
  });

  it('LOG_FORMAT=json: the request line is a JSON object with the request id', async () => {
    const lines = await appLogging({ level: 'debug', format: 'json' });
    await app!.inject({ method: 'GET', url: '/meta.json' });
    const objects = lines.map((l) => JSON.parse(l) as { msg: string; level: number; reqId?: string });
    const request = objects.find((o) => o.msg.startsWith('GET /meta.json 200'));
    expect(request).toMatchObject({ level: 20 });
    expect(request?.reqId).toBeTruthy();
  });
});
