// Dates are typed the way the app shows them (dd/mm/yyyy, formatDate), whatever the browser's
// locale: a native <input type="date"> shows mm/dd/yyyy to an en-US browser, beside dd/mm/yyyy
// everywhere else. The form's value stays the ISO date the server takes (YYYY-MM-DD).
import { useField } from 'formik';
import type { ReactNode } from 'react';
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

/**
 * A Formik date field typed as dd/mm/yyyy. The form value is the ISO day once the text is a
 * real date (so the server gets YYYY-MM-DD), '' when empty, else the typed text: a schema rule
 * `isDateValue` then refuses it with DATE_INVALID. The error shows as soon as the field is left.
 */
export function FormikDateField({ name, label, hint, disabled }: { name: string; label: ReactNode; hint?: ReactNode; disabled?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const text = dateText(field.value);
  const error = meta.touched && meta.error ? meta.error : meta.touched && !isDateValue(field.value) ? DATE_INVALID : null;
  return (
    <TextField
      disabled={disabled}
      label={label}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_FORMAT_HINT}
      hint={hint ?? `Format: ${DATE_FORMAT_HINT}`}
      value={text}
      error={error}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        void helpers.setValue(typed.trim() === '' ? '' : (parseDayMonthYear(typed) ?? typed));
      }}
      onBlur={() => void helpers.setTouched(true)}
    />
  );
}
