// Timestamps are formatted here and nowhere else: dates dd/mm/yyyy, date-times dd/mm/yyyy with a
// 12-hour clock (e.g. 22/11/2026 3:05 PM).

export type DateInput = string | number | Date | null | undefined;

export interface FormatOptions {
  /** IANA zone for timestamps; the reader's own zone when left out. */
  timeZone?: string;
}

const pad = (n: number | string) => String(n).padStart(2, '0');

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

function parts(d: Date, timeZone: string | undefined) {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const out: Record<string, string> = {};
  for (const p of fmt.formatToParts(d)) out[p.type] = p.value;
  return out;
}

/**
 * dd/mm/yyyy. A date-only or ISO string is shown as the calendar date it names (no time-zone
 * shift: "2026-11-22" is 22/11/2026 everywhere); a Date or epoch number in `timeZone`.
 */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  if (typeof value === 'string') {
    const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, options.timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd/mm/yyyy h:mm AM|PM in `timeZone` (default: the reader's), e.g. 22/11/2026 3:05 PM. */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const p = parts(d, options.timeZone);
  const hour = Number(p.hour) === 0 ? 12 : Number(p.hour);
  return `${p.day}/${p.month}/${p.year} ${hour}:${pad(p.minute)} ${(p.dayPeriod ?? '').toUpperCase()}`;
}
