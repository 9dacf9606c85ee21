// Issue 40 item 8: configuration is parsed and validated in one place (server/config.ts). Every
// numeric variable goes through wholeNumber/millis: a value that is not a whole number in range
// stops the start with a message naming the variable, where Number() used to give NaN or a
// fraction (PORT=80a listened on a random port; TOKEN_TTL_HOURS=abc made every token expire at once).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesOrigin, loadConfig, wholeNumber } from '../config.js';

const serverDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

describe('configuration', () => {
  it('defaults when unset or empty', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.tokenTtlHours).toBe(24 * 7);
    expect(c.filesPort).toBe(8081);
    expect(loadConfig({ PORT: '', TOKEN_TTL_HOURS: ' ' }).port).toBe(8080);
    expect(loadConfig({ PORT: '9000', TOKEN_TTL_HOURS: '12' })).toMatchObject({ port: 9000, tokenTtlHours: 12, filesPort: 9001 });
  });

  it.each([
    ['PORT', '80a'], ['PORT', '8080.5'], ['PORT', '-1'], ['PORT', '70000'], ['PORT', '0x50'],
    ['TOKEN_TTL_HOURS', 'abc'], ['TOKEN_TTL_HOURS', '0'], ['TOKEN_TTL_HOURS', '1e3'],
    ['FILES_PORT', 'none'], ['TAKE_START_LIMIT', '2.5'], ['PLUGIN_TIMEOUT_MS', '-5'], ['SHUTDOWN_TIMEOUT_MS', 'soon'],
  ])('%s=%s stops the start with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}: "${value.replace(/[.+]/g, '\\$&')}" is not a whole number from \\d+ to \\d+$`));
  });

  it('wholeNumber: range and surrounding spaces', () => {
    expect(wholeNumber({ X: ' 42 ' }, 'X', 1, 0, 100)).toBe(42);
    expect(() => wholeNumber({ X: '101' }, 'X', 1, 0, 100)).toThrow('X: "101" is not a whole number from 0 to 100');
    expect(filesOrigin({ PORT: '8105' }).filesPort).toBe(8106);
  });

  it('no server file but config.ts reads a number from the environment with Number()', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) { if (name !== 'test' && name !== 'migrations') walk(p); continue; }
        if (!/\.ts$/.test(name) || name.endsWith('.test.ts') || p === path.join(serverDir, 'config.ts')) continue;
        const text = readFileSync(p, 'utf8');
        if (/(Number|parseInt|parseFloat)\(\s*(process\.)?env(\.[A-Z][A-Z0-9_]+|\[)/.test(text)) offenders.push(path.relative(serverDir, p));
      }
    };
    walk(serverDir);
    expect(offenders).toEqual([]);
  });

  it('the server refuses to start on a bad value: one line naming it, exit status 1, no stack trace', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(serverDir, 'main.ts')], {
      env: { PATH: process.env.PATH, PORT: '80a', DATA_DIR: '/nonexistent/never-opened', SEED: '0' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe('gazeboard: configuration error: PORT: "80a" is not a whole number from 0 to 65535');
  }, 150_000);
});
