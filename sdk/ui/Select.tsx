import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';
import { controlCss } from './fieldStyles';

const Wrap = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${tokens.space1};
  label { font-weight: 500; }
  small { color: ${tokens.muted}; }
  [role='alert'] { color: ${tokens.danger}; font-size: 0.9em; }
`;
const Native = styled.select`
  ${controlCss}
  padding-right: 28px;
  appearance: none;
  /* A chevron drawn in the text colour (the native arrow is gone with appearance: none). */
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 15px) 55%, calc(100% - 10px) 55%;
  background-size: 5px 5px;
  background-repeat: no-repeat;
  min-width: 160px;
`;

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: ReactNode;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** An option with an empty value shown first (e.g. "Choose…"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
}

/**
 * A labelled native <select>: the browser's own keyboard and screen-reader behaviour (arrows,
 * type-ahead, Alt+Down opens), styled to match.
 */
export function Select({ label, options, value, onChange, placeholder, hint, error, id, ...rest }: SelectProps) {
  const auto = useId();
  const selectId = id ?? auto;
  const hintId = `${selectId}-hint`;
  const errId = `${selectId}-error`;
  const describedBy = [hint ? hintId : null, error ? errId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrap part="select">
      <label htmlFor={selectId}>{label}</label>
      <Native
        id={selectId}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </Native>
      {hint ? <small id={hintId}>{hint}</small> : null}
      {error ? (
        <div id={errId} role="alert">
          {error}
        </div>
      ) : null}
    </Wrap>
  );
}
