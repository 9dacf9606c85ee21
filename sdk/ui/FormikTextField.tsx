// TextField bound to a Formik field, in a module of its own: the kit's plain TextField (the study
// wizard's, the board's dialogs, the uploader's…) then brings no Formik, ≈ 8 KB brotli with the
// lodash pieces it clones values with (issue 40 item 3: elements without charts ≤ 130 KB).
import { useField } from 'formik';
import { TextField, type TextFieldProps } from './TextField';

/** TextField bound to a Formik field by name; shows the error once the field is touched. */
export function FormikTextField(props: TextFieldProps & { name: string }) {
  const [field, meta] = useField(props.name);
  const error = meta.touched && meta.error ? meta.error : null;
  return <TextField {...(props as TextFieldProps)} {...field} value={field.value ?? ''} error={error} />;
}
