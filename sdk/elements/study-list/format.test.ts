import { describe, expect, it } from 'vitest';
import { completedText, fieldworkEndText, formatDate, liveText, participantsText, participantsTooltip } from './format';
import { orderByFromSort, sortFromOrderBy } from '../../ui/DataTable';
import { environmentKind, environmentLabel } from '../../ui/EnvironmentIcon';
import { truncate } from '../../ui/truncate';

describe('study list cells', () => {
  it('D1-095 D1-096 Live / Not live, Completed / Not completed', () => {
    expect([liveText(true), liveText(false)]).toEqual(['Live', 'Not live']);
    // Issue 35: a paused study is still live (launched, not closed), and says it is paused.
    expect(liveText(true, true)).toBe('Live (paused)');
    expect([completedText(true), completedText(false)]).toEqual(['Completed', 'Not completed']);
  });

  it('D1-098 D1-099 returned / requested and the tooltip wording', () => {
    expect(participantsText(200, 150)).toBe('150 / 200');
    expect(participantsTooltip(200, 150)).toBe('200 participants requested, 150 returned so far');
    expect(participantsTooltip(null, undefined)).toBe('0 participants requested, 0 returned so far');
  });

  it('fieldwork dates as dd/mm/yyyy without a time-zone shift', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate('2024-12-31T23:30:00.000Z')).toBe('31/12/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('D1-093 environment icons: Webcam, Mobile, Lab / All devices, otherwise Unknown', () => {
    expect(['Webcam', 'mobile', 'Lab', 'All devices', 'Smart TV', null].map(environmentKind)).toEqual([
      'webcam', 'mobile', 'lab', 'lab', 'unknown', 'unknown',
    ]);
    expect(environmentLabel('All devices')).toBe('All devices');
    expect(environmentLabel('Smart TV')).toBe('Unknown');
  });

  it('D1-104 cut at 40 characters with three dots', () => {
    expect(truncate('x'.repeat(41))).toBe(`${'x'.repeat(40)}...`);
    expect(truncate('x'.repeat(40))).toBe('x'.repeat(40));
  });
});

describe('sort order', () => {
  it('D1-101 order_by maps to the table sort and back', () => {
    expect(sortFromOrderBy('name_asc')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortFromOrderBy('environment_desc')).toEqual({ key: 'environment', direction: 'desc' });
    const s = sortFromOrderBy('media_desc');
    expect(orderByFromSort(s)).toBe('media_desc');
    expect(sortFromOrderBy('estimated_batch_size_desc')).toEqual({ key: 'estimated_batch_size', direction: 'desc' });
  });
});

describe('fieldwork end (issue 35 item 4)', () => {
  it("is the actual end, 'pending' while started fieldwork is open, empty before it starts", () => {
    expect(fieldworkEndText('2026-01-05T09:00:00.000Z', '2026-02-01T17:30:00.000Z')).toBe('01/02/2026');
    expect(fieldworkEndText('2026-01-05T09:00:00.000Z', null)).toBe('pending');
    expect(fieldworkEndText(null, null)).toBe('');
  });
});
