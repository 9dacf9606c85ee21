// The Formik-bound date field, in a module of its own so the kit's plain date fields (the
// wizard's DateTimeField) bring no Formik (issue 40 item 3; ./FormikTextField.tsx says why).
import type { ReactNode } from 'react';
import { useField } from 'formik';
import { TextField } from './TextField';
import { DATE_FORMAT_HINT, DATE_INVALID, dateText, isDateValue, parseDayMonthYear } from './DateField';

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
