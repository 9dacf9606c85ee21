import styled, { css } from 'styled-components';
import { tokens } from './theme';
import { Link } from './host';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export const Button = styled.button.attrs<{ $variant?: ButtonVariant }>((p) => ({
  type: p.type ?? 'button',
  part: (p as { part?: string }).part ?? 'button',
}))<{ $variant?: ButtonVariant }>`
  font: inherit;
  cursor: pointer;
  border-radius: ${tokens.radius};
  padding: 8px 16px;
  border: 1px solid ${tokens.primary};
  ${(p) =>
    p.$variant === 'secondary'
      ? css`background: ${tokens.surface}; color: ${tokens.primary};`
      : p.$variant === 'link'
        ? css`background: none; border-color: transparent; color: ${tokens.primary}; padding: 0;`
        : css`background: ${tokens.primary}; color: ${tokens.primaryText};`}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

/** A link that looks like a primary button (it stays a real link: gaze-navigate on a plain click). */
export const ButtonLink = styled(Link)`
  display: inline-block;
  padding: 8px 16px;
  border-radius: ${tokens.radius};
  background: ${tokens.primary};
  /* !important: an element's own \`a { color }\` rule must not recolour the label. */
  color: ${tokens.primaryText} !important;
  text-decoration: none;
`;
