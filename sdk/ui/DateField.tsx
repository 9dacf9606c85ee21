// Dates are typed the way the app shows them (dd/mm/yyyy, formatDate), whatever the browser's
// locale: a native <input type="date"> shows mm/dd/yyyy to an en-US browser, beside dd/mm/yyyy
// everywhere else. The form's value stays the ISO date the server takes (YYYY-MM-DD).
import { useState, type ReactNode } from 'react';
import { TextField } from './TextField';

/** The format the field shows, as its visible hint and placeholder. */
export const DATE_FORMAT_HINT = 'dd/mm/yyyy';
/** The message of a date that is not a real dd/mm/yyyy day. */
export const DATE_INVALID = 'Enter a real date as dd/mm/yyyy';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'dd/mm/yyyy' (1- or 2-digit day and month, 4-digit year) → 'YYYY-MM-DD', or null when it is not a real day. */
export function parseDayMonthYear(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** True for '' (no date) and for a real ISO day; anything else is what the user typed and failed to parse. */
export function isDateValue(v: unknown): boolean {
  if (v === '' || v === null || v === undefined) return true;
  if (typeof v !== 'string') return false;
  const m = ISO.exec(v);
  return Boolean(m && parseDayMonthYear(`${m[3]}/${m[2]}/${m[1]}`) === v);
}

/** The field's text for a form value: an ISO day as dd/mm/yyyy, anything else as typed. */
export function dateText(v: unknown): string {
  if (typeof v !== 'string') return '';
  const m = ISO.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
}

/** The format of a date with its time (Advanced Settings' dates, sent as YYYY-MM-DD HH:mm:ss). */
const DATE_TIME_FORMAT_HINT = 'dd/mm/yyyy hh:mm';
/** The message of a date and time that is not a real dd/mm/yyyy hh:mm. */
export const DATE_TIME_INVALID = 'Enter a real date and time as dd/mm/yyyy hh:mm';

const ISO_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$/;

/** 'dd/mm/yyyy' or 'dd/mm/yyyy hh:mm' (24-hour) → 'YYYY-MM-DD HH:mm', or null when not a real moment. */
export function parseDayMonthYearTime(text: string): string | null {
  const m = /^\s*(\S+)(?:\s+(\d{1,2}):(\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const day = parseDayMonthYear(m[1]);
  if (!day) return null;
  const [h, min] = [Number(m[2] ?? 0), Number(m[3] ?? 0)];
  if (h > 23 || min > 59) return null;
  return `${day} ${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** True for '' and for a real 'YYYY-MM-DD HH:mm' (or with T / seconds); false for text that failed to parse. */
export function isDateTimeValue(v: unknown): boolean {
  if (v === '' || v === null || v === undefined) return true;
  return typeof v === 'string' && ISO_TIME.test(v) && isDateValue(v.slice(0, 10));
}

/** The field's text for a value: an ISO moment as dd/mm/yyyy hh:mm, anything else as typed. */
export function dateTimeText(v: unknown): string {
  if (typeof v !== 'string') return '';
  const m = ISO_TIME.exec(v);
  return m ? `${dateText(m[1])} ${m[2]}:${m[3]}` : v;
}

/**
 * A controlled date-and-time field typed as dd/mm/yyyy hh:mm (24-hour), for forms outside Formik
 * (the wizard's Advanced Settings draft). onChange gets 'YYYY-MM-DD HH:mm' once the text is a
 * real moment, '' when emptied, else the typed text (isDateTimeValue false: the form refuses it).
 */
export function DateTimeField({ label, value, onChange }: { label: ReactNode; value: string; onChange: (value: string) => void }) {
  const [left, setLeft] = useState(false);
  return (
    <TextField
      label={label}
      type="text"
      autoComplete="off"
      placeholder={DATE_TIME_FORMAT_HINT}
      hint={`Format: ${DATE_TIME_FORMAT_HINT}`}
      value={dateTimeText(value)}
      error={left && !isDateTimeValue(value) ? DATE_TIME_INVALID : null}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        onChange(typed.trim() === '' ? '' : (parseDayMonthYearTime(typed) ?? typed));
      }}
      onBlur={() => setLeft(true)}
    />
  );
}
