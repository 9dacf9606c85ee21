// The start-up version check (D1-005..D1-007): the build's own version against GET /meta.json.
// Dependencies are injected so the decision logic is unit-tested without a browser.

export const APP_VERSION: string = typeof __APP_VERSION__ !== 'undefined' ? __APP_VERSION__ : '0.0.0';

interface Parsed {
  core: number[];
  pre: string[];
}

function parse(version: string): Parsed {
  const clean = version.trim().replace(/^v/i, '').split('+')[0];
  const dash = clean.indexOf('-');
  const core = (dash === -1 ? clean : clean.slice(0, dash)).split('.').map((p) => {
    const n = Number.parseInt(p, 10);
    return Number.isFinite(n) ? n : 0;
  });
  const pre = dash === -1 ? [] : clean.slice(dash + 1).split('.').filter(Boolean);
  return { core, pre };
}

function comparePre(a: string[], b: string[]): number {
  // A release outranks any pre-release of the same core (1.0.0 > 1.0.0-rc.1).
  if (!a.length || !b.length) return a.length === b.length ? 0 : a.length ? -1 : 1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === undefined) return -1;
    if (b[i] === undefined) return 1;
    const na = /^\d+$/.test(a[i]) ? Number(a[i]) : null;
    const nb = /^\d+$/.test(b[i]) ? Number(b[i]) : null;
    if (na !== null && nb !== null) {
      if (na !== nb) return na < nb ? -1 : 1;
    } else if (na !== null || nb !== null) {
      return na !== null ? -1 : 1;
    } else if (a[i] !== b[i]) {
      return a[i] < b[i] ? -1 : 1;
    }
  }
  return 0;
}

/** Semver-ish comparison: -1 when a < b, 0 when equal, 1 when a > b. Missing parts count as 0. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < Math.max(pa.core.length, pb.core.length); i++) {
    const x = pa.core[i] ?? 0;
    const y = pb.core[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  const p = comparePre(pa.pre, pb.pre);
  return p < 0 ? -1 : p > 0 ? 1 : 0;
}

export function isNewer(published: string, current: string): boolean {
  return compareVersions(published, current) > 0;
}

export interface VersionCheckDeps {
  current: string;
  fetchMeta: () => Promise<{ version?: unknown } | null>;
  clearCaches: () => Promise<void>;
  reload: () => void;
  /** Remembers the version already reloaded for, so a stale server cannot cause a reload loop. */
  memory: { get(): string | null; set(v: string): void };
}

export type VersionCheckResult = 'current' | 'reloading' | 'already-reloaded' | 'unknown';

export async function checkVersion(deps: VersionCheckDeps): Promise<VersionCheckResult> {
  let published: unknown;
  try {
    published = (await deps.fetchMeta())?.version;
  } catch {
    return 'unknown';
  }
  if (typeof published !== 'string' || !published) return 'unknown';
  if (!isNewer(published, deps.current)) return 'current';
  if (deps.memory.get() === published) return 'already-reloaded';
  deps.memory.set(published);
  try {
    await deps.clearCaches();
  } catch (err) {
    console.error('Gazeboard: clearing caches failed', err);
  }
  deps.reload();
  return 'reloading';
}
