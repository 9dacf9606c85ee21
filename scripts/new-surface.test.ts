// The generator's promise: a new surface is only the files it writes. Generates one into the
// working tree, proves it type-checks, lints and is registered everywhere (the server answers its
// operation, the contract lists it, the manifest and define-all's glob carry its tag, the
// dashboard's route glob finds its page) with no edit to any other file, then removes it and
// checks the tree is as before. npm test runs it in a copy of the tree (scripts/test-generator.mjs),
// because the files it writes would be briefly visible to anything else reading the tree.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeSurface, surfaceFiles, writeSurface } from './new-surface';

const root = process.cwd();
const NAME = 'generator-probe';
const TAG = `gaze-${NAME}`;

const treeState = () => execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: root, encoding: 'utf8' });

function run(cmd: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('npm run new:surface', () => {
  const before = treeState();
  // Removes the surface even when an assertion failed half-way.
  afterAll(() => removeSurface(NAME, root));

  it('writes a surface that type-checks, lints and is registered without touching any other file, and removes it cleanly', async () => {
    for (const f of Object.keys(surfaceFiles(NAME))) expect(existsSync(join(root, f)), `${f} exists before the test`).toBe(false);
    const written = writeSurface(NAME, root);
    expect(written.sort()).toEqual(Object.keys(surfaceFiles(NAME)).sort());
    // Only new files: no tracked file changed.
    const changed = treeState().split('\n').filter((l) => l && !before.includes(l));
    expect(changed.every((l) => l.startsWith('??')), changed.join('\n')).toBe(true);

    // Type check (the whole project) and lint (the new files, with the boundaries) at the same time.
    const [tsc, eslint] = await Promise.all([
      // `npm run typecheck`: incremental from the build info npm test's typecheck left in tmp/tsc.
      run('npm', ['run', 'typecheck']),
      run('npx', ['eslint', '--max-warnings', '0', ...written]),
    ]);
    expect(tsc.code, tsc.output).toBe(0);
    expect(eslint.code, eslint.output).toBe(0);

    // The server discovers the route folder; a signed-in user gets the operation's answer.
    const { testApp } = await import('../server/test/helpers');
    const { authHeaders, createCompany, createUser, signIn } = await import('../server/test/fixtures');
    const { app, database } = await testApp();
    try {
      const companyId = (await createCompany(database.db, { name: 'Probe Co' })).id;
      await createUser(database.db, { companyId, username: 'probe' });
      const token = await signIn(app, 'probe');
      const res = await app.inject({ method: 'GET', url: `/v1.0/${NAME}`, headers: authHeaders(token) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { company_id: companyId } });
      const doc = (await app.inject({ method: 'GET', url: '/v1.0/openapi.json' })).json();
      expect(doc.paths[`/v1.0/${NAME}`].get.operationId).toBe('getGeneratorProbe');
    } finally {
      await app.close();
      await database.close();
    }

    // The contract lists the area; the manifest and define-all's glob carry the tag.
    const { areas } = await import('../contract/index');
    expect(Object.keys(areas[NAME] ?? {})).toEqual(['getGeneratorProbe']);
    const { buildManifest } = await import('./custom-elements-manifest');
    const declaration = buildManifest().modules.flatMap((m) => m.declarations).find((d) => d.tagName === TAG);
    expect(declaration).toMatchObject({ name: 'GazeGeneratorProbeElement', cssParts: [{ name: NAME }, { name: 'title' }] });

    const { areaRoutes } = await import('../dashboard/pages/routes');
    expect(areaRoutes.map((r) => r.path)).toContain(NAME);

    removeSurface(NAME, root);
    expect(treeState()).toBe(before);
  });
});
