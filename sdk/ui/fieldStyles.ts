import { css } from 'styled-components';
import { tokens } from './theme';

/** The look of every text-like control (inputs, selects). */
export const controlCss = css`
  font: inherit;
  color: ${tokens.text};
  background: ${tokens.surface};
  padding: ${tokens.space2} 10px;
  border: 1px solid ${tokens.border};
  border-radius: ${tokens.radius};
  &:focus-visible { outline: 2px solid ${tokens.primaryStrong}; outline-offset: -1px; }
  &:disabled { background: ${tokens.surfaceAlt}; color: ${tokens.muted}; }
  &[aria-invalid='true'] { border-color: ${tokens.danger}; }
`;
