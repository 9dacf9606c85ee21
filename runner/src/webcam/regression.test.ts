// Issue 22 item 2: the webcam source's mapping from face mesh + iris to the screen — the eye
// features of a mesh, and a least-squares fit on calibration targets that recovers a linear
// relation and predicts new points with it.
import { describe, expect, it } from 'vitest';
import { eyeFeatures, fitGaze, predictGaze, solve, type Features } from './regression';
import { cameraReason, humanConfig, modelBase } from './config';

function mesh(irisDx: number, irisDy: number): number[][] {
  const m = Array.from({ length: 478 }, () => [0, 0, 0]);
  m[33] = [100, 200, 0]; m[133] = [140, 200, 0]; m[468] = [120 + irisDx * 40, 200 + irisDy * 40, 0];
  m[362] = [180, 200, 0]; m[263] = [220, 200, 0]; m[473] = [200 + irisDx * 40, 200 + irisDy * 40, 0];
  return m;
}

describe('webcam gaze mapping (issue 22 item 2)', () => {
  it('eye features: the iris offset in eye widths (both eyes averaged) and the head angles', () => {
    expect(eyeFeatures(mesh(0.1, -0.05), { yaw: 0.2, pitch: -0.1 })).toEqual([expect.closeTo(0.1, 9), expect.closeTo(-0.05, 9), 0.2, -0.1]);
    expect(eyeFeatures(mesh(0, 0).slice(0, 468), { yaw: 0, pitch: 0 })).toBeNull();
  });
  it('solves small linear systems and refuses singular ones', () => {
    expect(solve([[2, 1], [1, 3]], [3, 5])!.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0.8, 1.4]);
    expect(solve([[1, 2], [2, 4]], [1, 2])).toBeNull();
  });
  it('fits the calibration targets and predicts other points from the same relation', () => {
    // A made-up "true" relation: x = 720 + 4000·ex + 300·yaw, y = 450 + 3000·ey - 200·pitch.
    const truth = (f: Features) => ({ x: 720 + 4000 * f[0] + 300 * f[2], y: 450 + 3000 * f[1] - 200 * f[3] });
    const samples: { f: Features; x: number; y: number }[] = [];
    let seed = 7;
    const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 - 0.5; };
    for (const gx of [0.1, 0.5, 0.9]) {
      for (const gy of [0.1, 0.5, 0.9]) {
        for (let k = 0; k < 5; k++) {
          const f: Features = [(gx - 0.5) * 0.3 + rnd() * 0.002, (gy - 0.5) * 0.25 + rnd() * 0.002, rnd() * 0.1, rnd() * 0.1];
          samples.push({ f, ...truth(f) });
        }
      }
    }
    const model = fitGaze(samples)!;
    expect(model).not.toBeNull();
    const probe: Features = [0.05, -0.03, 0.02, 0.01];
    const p = predictGaze(model, probe);
    expect(Math.abs(p.x - truth(probe).x)).toBeLessThan(2);
    expect(Math.abs(p.y - truth(probe).y)).toBeLessThan(2);
    expect(fitGaze(samples.slice(0, 2))).toBeNull();
  });
  it('human is configured for our own model URL, the WebGL backend, no wasm path and only the face models', () => {
    const c = humanConfig('3.3.6');
    expect(c.modelBasePath).toBe(`${location.origin}/take/models/3.3.6/`);
    expect(modelBase('3.3.6')).toBe('/take/models/3.3.6/');
    expect(c.backend).toBe('webgl');
    expect(c.wasmPath).toBe('');
    expect(c.cacheModels).toBe(false);
    expect([c.body?.enabled, c.hand?.enabled, c.object?.enabled, c.segmentation?.enabled, c.face?.emotion?.enabled, c.face?.description?.enabled]).toEqual([false, false, false, false, false, false]);
    expect([c.face?.detector?.modelPath, c.face?.mesh?.modelPath, c.face?.iris?.modelPath]).toEqual(['blazeface.json', 'facemesh.json', 'iris.json']);
  });
  it('says why the camera is unavailable', () => {
    expect(cameraReason({ name: 'NotAllowedError' }, true)).toBe('permission to use the camera was refused');
    expect(cameraReason({ name: 'NotFoundError' }, true)).toBe('no camera was found on this device');
    expect(cameraReason({ name: 'NotReadableError' }, true)).toBe('the camera is in use by another program or could not be started');
    expect(cameraReason(null, false)).toBe('this page is not on a secure (https) connection, so the browser offers no camera');
  });
});
