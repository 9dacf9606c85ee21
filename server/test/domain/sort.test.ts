import { describe, expect, it } from 'vitest';
import { compareNames, naturalKey, sortByName } from '../../domain/sort.js';

describe('natural name order (domain/sort.ts)', () => {
  it('folds case, accents and compatibility forms; treats punctuation runs as one space; pads digit runs', () => {
    expect(naturalKey('Café')).toBe(naturalKey('CAFE'));
    expect(naturalKey('Ångström')).toBe('angstrom');
    expect(naturalKey('ﬁnal²')).toBe(`final${'2'.padStart(20, '0')}`);
    expect(naturalKey('Straße')).toBe('strasse');
    expect(naturalKey('Bank — Always-on')).toBe('bank always on');
    expect(naturalKey('  wave 007 ')).toBe(`wave ${'7'.padStart(20, '0')}`);
  });

  it('orders numbers by value and keeps exact text as the last tie-break', () => {
    expect(['Wave 10', 'wave 9', 'Wave 1'].sort(compareNames)).toEqual(['Wave 1', 'wave 9', 'Wave 10']);
    expect(['b', 'B', 'a'].sort(compareNames)).toEqual(['a', 'B', 'b']);
  });

  it('sortByName puts null names last in both directions and breaks ties with the given order', () => {
    const rows = [{ id: 1, n: 'b' }, { id: 2, n: null }, { id: 3, n: 'a' }, { id: 4, n: 'A' }];
    expect(sortByName(rows, (r) => r.n).map((r) => r.id)).toEqual([4, 3, 1, 2]);
    expect(sortByName(rows, (r) => r.n, { descending: true }).map((r) => r.id)).toEqual([1, 3, 4, 2]);
  });
});
