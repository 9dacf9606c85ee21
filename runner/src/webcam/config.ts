// The webcam adapter's settings and messages, apart from Human itself (so the main bundle and the
// unit tests can read them without pulling in @vladmandic/human).
import type { Config } from '@vladmandic/human';

/** The camera cannot be used; the message is the reason, in words for the respondent. */
export class CameraUnavailable extends Error {
  override name = 'CameraUnavailable';
}

/** Why the camera could not be used, in words for the respondent. */
export function cameraReason(err: unknown, secure = window.isSecureContext): string {
  if (!secure) return 'this page is not on a secure (https) connection, so the browser offers no camera';
  if (err === null) return 'this browser offers no camera access';
  const name = (err as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission to use the camera was refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'no camera was found on this device';
  if (name === 'NotReadableError' || name === 'TrackStartError') return 'the camera is in use by another program or could not be started';
  if (name === 'AbortError') return 'the camera could not be started';
  return `the camera could not be started (${(err as Error)?.message || String(err)})`;
}

/** The installed @vladmandic/human (a unit test keeps it equal to its package.json). */
export const HUMAN_VERSION = '3.3.6';

/** Where this server hosts Human's model files (the version keeps long cache headers honest). */
export const modelBase = (version: string) => `/take/models/${version}/`;

export function humanConfig(version: string): Partial<Config> {
  return {
    backend: 'webgl',
    modelBasePath: new URL(modelBase(version), location.origin).href,
    wasmPath: '', // the wasm backend is never used: no wasm files, no CDN
    cacheModels: false,
    warmup: 'none',
    debug: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: 'blazeface.json', maxDetected: 1, rotation: false, return: false },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      iris: { enabled: true, modelPath: 'iris.json' },
      attention: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
}

