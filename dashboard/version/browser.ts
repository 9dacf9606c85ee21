// Browser side of the version check and the service worker (D1-006..D1-009).
import { APP_VERSION, checkVersion, type VersionCheckResult } from './version';

const RELOADED_FOR = 'gazeboard.reloadedForVersion';

/** Empties the Cache Storage and asks every service worker registration to update. */
export async function clearCaches(): Promise<void> {
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys();
    await Promise.all(keys.map((k) => caches.delete(k)));
  }
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.update().catch(() => undefined)));
  }
}

let meta: Promise<Record<string, unknown> | null> | null = null;

/**
 * GET /meta.json once per page load (the version check and the product redirect both read it);
 * null when it cannot be read.
 */
export function loadMeta(): Promise<Record<string, unknown> | null> {
  meta ??= fetch('/meta.json', { cache: 'no-store' })
    .then(async (res) => (res.ok ? ((await res.json()) as Record<string, unknown>) : null))
    .catch(() => null);
  return meta;
}

export function runVersionCheck(): Promise<VersionCheckResult> {
  return checkVersion({
    current: APP_VERSION,
    fetchMeta: loadMeta,
    clearCaches,
    // Caches are gone and the shell is served no-cache, so a reload fetches everything anew.
    reload: () => window.location.reload(),
    memory: {
      get: () => sessionStorage.getItem(RELOADED_FOR),
      set: (v) => sessionStorage.setItem(RELOADED_FOR, v),
    },
  });
}

/** Registration failures are only logged (D1-009): the dashboard works without a worker. */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch((err: unknown) => {
    console.error('Gazeboard: service worker registration failed', err);
  });
}
