// Browser-storage keys the spec names (D1-030) plus the acting company. Access is guarded because
// storage can be missing (SSR, sandboxed iframes) or throw (privacy modes).
export type StoredKey = 'user' | 'superUser' | 'userType' | 'token' | 'companyId';

function storage(): Storage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export function readStored(key: StoredKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    /* storage full or blocked: the session still works for this page */
  }
}

/** Sign-out clears ALL local storage (D1-035), not only our keys. */
export function clearAllStored(): void {
  try {
    storage()?.clear();
  } catch {
    /* nothing to clear */
  }
}

export function readStoredJson<T>(key: StoredKey): T | null {
  const raw = readStored(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
