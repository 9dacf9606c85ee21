import { describe, expect, it } from 'vitest';
import { formatBytes, matchesAccept, sortFiles } from './fileAccept';
import { visibleColumns } from './columnFit';

const f = (name: string, type: string, size = 1) => new File([new Uint8Array(size)], name, { type });

describe('FileDrop rules', () => {
  it('accept takes MIME types, wildcards and extensions, case-insensitively', () => {
    expect(matchesAccept(f('a.PNG', 'image/png'), 'image/*')).toBe(true);
    expect(matchesAccept(f('a.csv', ''), '.csv')).toBe(true);
    expect(matchesAccept(f('a.CSV', 'text/csv'), '.csv')).toBe(true);
    expect(matchesAccept(f('a.mp4', 'video/mp4'), 'image/*, .csv')).toBe(false);
    expect(matchesAccept(f('a.mp4', 'video/mp4'), 'video/mp4')).toBe(true);
    expect(matchesAccept(f('a.mp4', 'video/mp4'), undefined)).toBe(true);
  });

  it('size cap and single-file mode, each with a readable reason', () => {
    const { accepted, rejected } = sortFiles([f('a.png', 'image/png', 10), f('b.png', 'image/png', 3000), f('c.png', 'image/png', 10)], { maxSize: 2048 });
    expect(accepted.map((x) => x.name)).toEqual(['a.png']);
    expect(rejected.map((r) => r.reason)).toEqual(['b.png: larger than 2 KB.', 'c.png: only one file can be added.']);
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});

describe('DataTable column fit', () => {
  const cols = [
    { key: 'name', minWidth: 200 },
    { key: 'media', priority: 2, minWidth: 150 },
    { key: 'start', priority: 3, minWidth: 150 },
    { key: 'end', priority: 3, minWidth: 150 },
  ];
  it('drops the highest priority number first, rightmost first among equals, until the rest fit', () => {
    expect(visibleColumns(cols, 700)).toEqual(['name', 'media', 'start', 'end']);
    expect(visibleColumns(cols, 600)).toEqual(['name', 'media', 'start']);
    expect(visibleColumns(cols, 400)).toEqual(['name', 'media']);
    expect(visibleColumns(cols, 390, 40)).toEqual(['name', 'media']);
    expect(visibleColumns(cols, 389, 40)).toEqual(['name']);
  });
  it('priority-1 columns stay however narrow; unknown width shows all', () => {
    expect(visibleColumns(cols, 10)).toEqual(['name']);
    expect(visibleColumns(cols, 0)).toEqual(['name', 'media', 'start', 'end']);
  });
});
