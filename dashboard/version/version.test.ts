import { describe, expect, it, vi } from 'vitest';
import { checkVersion, compareVersions, isNewer, type VersionCheckDeps } from './version';

describe('compareVersions', () => {
  it('D1-006 compares numerically, part by part', () => {
    expect(compareVersions('0.1.8', '0.1.8')).toBe(0);
    expect(compareVersions('0.1.9', '0.1.8')).toBe(1);
    expect(compareVersions('0.1.10', '0.1.9')).toBe(1);
    expect(compareVersions('0.2.0', '0.1.99')).toBe(1);
    expect(compareVersions('1.0.0', '0.9.9')).toBe(1);
    expect(compareVersions('0.1.7', '0.1.8')).toBe(-1);
  });

  it('treats missing parts as 0 and ignores a v prefix and build metadata', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('v0.1.8', '0.1.8')).toBe(0);
    expect(compareVersions('0.1.8+build.5', '0.1.8')).toBe(0);
  });

  it('ranks a pre-release below its release and orders pre-releases', () => {
    expect(compareVersions('1.0.0-rc.1', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0', '1.0.0-rc.1')).toBe(1);
    expect(compareVersions('1.0.0-rc.2', '1.0.0-rc.10')).toBe(-1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-beta')).toBe(-1);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBe(-1);
  });

  it('isNewer is true only for a strictly newer published version', () => {
    expect(isNewer('0.1.9', '0.1.8')).toBe(true);
    expect(isNewer('0.1.8', '0.1.8')).toBe(false);
    expect(isNewer('0.1.7', '0.1.8')).toBe(false);
  });
});

function deps(published: unknown, remembered: string | null = null) {
  let memory = remembered;
  const d = {
    current: '0.1.8',
    fetchMeta: vi.fn(async () => ({ version: published })),
    clearCaches: vi.fn(async () => {}),
    reload: vi.fn(),
    memory: { get: () => memory, set: (v: string) => { memory = v; } },
  } satisfies VersionCheckDeps;
  return d;
}

describe('checkVersion', () => {
  it('D1-007 a newer published version clears caches, then reloads', async () => {
    const d = deps('0.1.9');
    const order: string[] = [];
    d.clearCaches.mockImplementation(async () => { order.push('clear'); });
    d.reload.mockImplementation(() => { order.push('reload'); });
    expect(await checkVersion(d)).toBe('reloading');
    expect(order).toEqual(['clear', 'reload']);
  });

  it('D1-006 the same or an older version does nothing', async () => {
    for (const v of ['0.1.8', '0.1.7']) {
      const d = deps(v);
      expect(await checkVersion(d)).toBe('current');
      expect(d.clearCaches).not.toHaveBeenCalled();
      expect(d.reload).not.toHaveBeenCalled();
    }
  });

  it('reloads only once per published version (no loop against a stale build)', async () => {
    const d = deps('0.2.0', '0.2.0');
    expect(await checkVersion(d)).toBe('already-reloaded');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('a failed or malformed version file changes nothing', async () => {
    const d = deps(undefined);
    expect(await checkVersion(d)).toBe('unknown');
    d.fetchMeta.mockRejectedValueOnce(new Error('offline'));
    expect(await checkVersion(d)).toBe('unknown');
    expect(d.reload).not.toHaveBeenCalled();
  });

  it('still reloads when clearing the caches fails', async () => {
    const d = deps('9.0.0');
    d.clearCaches.mockRejectedValueOnce(new Error('no caches'));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await checkVersion(d)).toBe('reloading');
    expect(d.reload).toHaveBeenCalledOnce();
    err.mockRestore();
  });
});
