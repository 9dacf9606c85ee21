import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('formatDate / formatDateTime', () => {
  it('dd/mm/yyyy with a 12-hour clock', () => {
    expect(formatDateTime('2026-11-22T15:05:00Z', { timeZone: 'UTC' })).toBe('22/11/2026 3:05 PM');
    expect(formatDateTime('2026-11-22T09:30:00Z', { timeZone: 'UTC' })).toBe('22/11/2026 9:30 AM');
  });

  it('midnight is 12 AM and noon 12 PM', () => {
    expect(formatDateTime(new Date(Date.UTC(2026, 0, 1, 0, 0)), { timeZone: 'UTC' })).toBe('01/01/2026 12:00 AM');
    expect(formatDateTime(Date.UTC(2026, 5, 1, 12, 7), { timeZone: 'UTC' })).toBe('01/06/2026 12:07 PM');
  });

  it('a timestamp is shown in the given zone (the day can change)', () => {
    expect(formatDateTime('2026-06-30T23:30:00Z', { timeZone: 'Europe/London' })).toBe('01/07/2026 12:30 AM');
    expect(formatDate(new Date(Date.UTC(2026, 10, 22, 23, 30)), { timeZone: 'Asia/Tokyo' })).toBe('23/11/2026');
  });

  it('a date string is the calendar date it names, in any zone', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('2026-03-05T23:59:59Z')).toBe('05/03/2026');
  });

  it('nothing or nonsense gives an empty string', () => {
    for (const v of [null, undefined, '', 'not a date']) {
      expect(formatDate(v)).toBe('');
      expect(formatDateTime(v)).toBe('');
    }
  });
});
