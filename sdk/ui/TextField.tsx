import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 12px;
`;
const Label = styled.label`
  font-weight: 500;
`;
const inputCss = `
  font: inherit;
  padding: 8px 10px;
  border-radius: ${tokens.radius};
  border: 1px solid ${tokens.border};
  background: ${tokens.surface};
  color: inherit;
  width: 100%;
  &:focus { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -1px; }
  &:disabled, &[readonly] { background: ${tokens.surfaceAlt}; }
`;
const Input = styled.input`${inputCss}`;
const Area = styled.textarea`${inputCss} min-height: 96px; resize: vertical;`;
export const FieldError = styled.div.attrs({ part: 'error', role: 'alert' })`
  color: ${tokens.danger};
  font-size: 0.9em;
`;

const Hint = styled.div.attrs({ part: 'hint' })`
  color: ${tokens.muted};
  font-size: 0.9em;
`;

interface Common {
  label: ReactNode;
  error?: string | null;
  /** The field's rule, shown under it and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Extra content beside the input (e.g. a show/hide toggle). */
  adornment?: ReactNode;
}

export type TextFieldProps = Common &
  (({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>) | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>));

/** A labelled input or textarea with its validation message underneath. */
export function TextField({ label, error, hint, adornment, ...rest }: TextFieldProps) {
  const auto = useId();
  const id = rest.id ?? auto;
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined;
  const control =
    'multiline' in rest && rest.multiline ? (
      (() => {
        const { multiline: _m, ...area } = rest;
        return <Area id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...area} />;
      })()
    ) : (
      (() => {
        const { multiline: _m, ...input } = rest as { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
        return <Input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />;
      })()
    );
  return (
    <Wrap part="field">
      <Label htmlFor={id}>{label}</Label>
      {adornment ? <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>{control}{adornment}</div> : control}
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      {error ? <FieldError id={errId}>{error}</FieldError> : null}
    </Wrap>
  );
}
