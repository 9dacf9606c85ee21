import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const Group = styled.fieldset<{ $row: boolean }>`
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  padding: ${tokens.space3};
  margin: 0;
  legend { font-weight: 500; padding: 0 ${tokens.space1}; }
  .options { display: flex; flex-direction: ${(p) => (p.$row ? 'row' : 'column')}; flex-wrap: wrap; gap: ${tokens.space2} ${tokens.space4}; }
  label { display: inline-flex; gap: ${tokens.space2}; align-items: center; cursor: pointer; }
  input { accent-color: ${tokens.primaryStrong}; width: 16px; height: 16px; margin: 0; }
  small { display: block; color: ${tokens.muted}; margin-top: ${tokens.space2}; }
  [role='alert'] { color: ${tokens.danger}; margin-top: ${tokens.space2}; }
`;

export interface CheckboxOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface CheckboxGroupProps {
  legend: ReactNode;
  options: CheckboxOption[];
  /** Checked values, in any order. */
  value: string[];
  /** The new checked values, in option order. */
  onChange: (value: string[]) => void;
  orientation?: 'vertical' | 'horizontal';
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  name?: string;
}

/** Checkboxes in a fieldset named by its legend: Tab moves between boxes, Space toggles. */
export function CheckboxGroup({ legend, options, value, onChange, orientation = 'vertical', hint, error, disabled, name }: CheckboxGroupProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const toggle = (v: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(v);
    else next.delete(v);
    onChange(options.map((o) => o.value).filter((x) => next.has(x)));
  };
  return (
    <Group part="checkbox-group" $row={orientation === 'horizontal'} disabled={disabled} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="options">
        {options.map((o) => (
          <label key={o.value}>
            <input
              type="checkbox"
              name={name}
              value={o.value}
              checked={value.includes(o.value)}
              disabled={o.disabled}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      {error ? (
        <div id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </Group>
  );
}
