import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const Row = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space2};
  label { cursor: pointer; }
`;
const Track = styled.button`
  position: relative;
  width: 40px;
  height: 22px;
  flex: none;
  padding: 0;
  border-radius: 11px;
  border: 1px solid ${tokens.muted};
  background: ${tokens.surfaceAlt};
  cursor: pointer;
  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${tokens.muted};
    transition: transform 0.15s;
  }
  &[aria-checked='true'] { background: ${tokens.primary}; border-color: ${tokens.primaryStrong}; }
  &[aria-checked='true']::after { transform: translateX(18px); background: ${tokens.surface}; box-shadow: 0 0 0 1px ${tokens.primaryStrong}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Visible label; names the switch. */
  label: ReactNode;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch (role="switch", aria-checked): Space or Enter toggles, the label click too. */
export function Switch({ checked, onChange, label, disabled, id }: SwitchProps) {
  const auto = useId();
  const switchId = id ?? auto;
  const labelId = `${switchId}-label`;
  return (
    <Row part="switch">
      <Track
        type="button"
        id={switchId}
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
      <label id={labelId} htmlFor={switchId}>
        {label}
      </label>
    </Row>
  );
}
