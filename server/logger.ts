// The server's one logger (pino, fastify's own). People read the start-up log, machines read JSON:
//   LOG_FORMAT=pretty (default)  one short line per event: "23:40:01 opening PGlite in …",
//                                warnings and errors prefixed with their level, errors with stack
//   LOG_FORMAT=json              pino's JSON lines (level, time, msg, reqId …) for log shippers
//   LOG_LEVEL=info (default)     trace | debug | info | warn | error | fatal | silent
// Requests are logged at debug only, one compact line each (plugins/request-log in app.ts), so the
// default level shows the start-up steps and problems, not a line per request.
import { hostname } from 'node:os';

export type LogFormat = 'pretty' | 'json';

export interface LogOptions {
  level?: string;
  format?: LogFormat;
  /** Where lines go (default stdout); tests pass a collector. */
  write?: (line: string) => void;
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
const NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields; everything else a line carries is shown as key=value after the message. */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'reqId', 'v']);

export function logOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Required<Pick<LogOptions, 'level' | 'format'>> {
  const level = (env.LOG_LEVEL ?? 'info').trim().toLowerCase() || 'info';
  if (!LEVELS.has(level)) throw new Error(`LOG_LEVEL: "${env.LOG_LEVEL}" is not one of ${[...LEVELS].join(', ')}`);
  const format = (env.LOG_FORMAT ?? 'pretty').trim().toLowerCase() || 'pretty';
  if (format !== 'pretty' && format !== 'json') throw new Error(`LOG_FORMAT: "${env.LOG_FORMAT}" is not pretty or json`);
  return { level, format };
}

const two = (n: number) => String(n).padStart(2, '0');

/** One JSON line from pino as one human line (exported for the tests). */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const d = new Date(typeof o.time === 'number' ? o.time : Date.now());
  const level = typeof o.level === 'number' ? o.level : 30;
  const parts = [`${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`];
  // Info is the normal case: only unusual levels are named, so start-up steps read as sentences.
  if (level !== 30) parts.push(NAMES[level] ?? String(level));
  parts.push(String(o.msg ?? ''));
  const extra = Object.entries(o)
    .filter(([k, v]) => !OWN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (extra.length) parts.push(extra.join(' '));
  let line = parts.filter(Boolean).join(' ');
  const err = o.err as { stack?: string; message?: string } | undefined;
  if (err) line += `\n${(err.stack ?? err.message ?? '').replace(/^/gm, '    ')}`;
  return line;
}

const NUMBERS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * fastify's `logger` option (fastify builds its pino from it): pretty lines through a small
 * stream, or pino's JSON on stdout. false when silent.
 */
export function fastifyLogger(opts: LogOptions = {}): false | { level: string; stream?: { write(s: string): void }; base?: undefined } {
  const level = opts.level ?? 'info';
  if (level === 'silent') return false;
  const write = opts.write ?? ((line: string) => { process.stdout.write(line); });
  if (opts.format === 'json') return opts.write ? { level, stream: { write } } : { level };
  return { level, base: undefined, stream: { write: (json: string) => write(`${prettyLine(json)}\n`) } };
}

export type Say = (message: string, level?: 'info' | 'warn' | 'error') => void;

/** For main.ts's start-up steps, before fastify exists: the same line format and level rule. */
export function startupLogger(opts: LogOptions = {}): Say {
  const threshold = NUMBERS[opts.level ?? 'info'] ?? 30;
  const write = opts.write ?? ((line: string) => { process.stdout.write(line); });
  const json = opts.format === 'json';
  const host = hostname();
  return (msg, level = 'info') => {
    const n = NUMBERS[level];
    if (n < threshold) return;
    const line = JSON.stringify(json ? { level: n, time: Date.now(), pid: process.pid, hostname: host, msg } : { level: n, time: Date.now(), msg });
    write(json ? `${line}\n` : `${prettyLine(line)}\n`);
  };
}
