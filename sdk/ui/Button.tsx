import styled, { css } from 'styled-components';
import { tokens } from './theme';
import { Link } from './host';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger';

// #00badb stays the fill; anything read as text or as a control's edge uses primaryStrong
// (#00badb on white is 2.3:1, below both 4.5:1 for text and 3:1 for borders).
export const Button = styled.button.attrs<{ $variant?: ButtonVariant }>((p) => ({
  type: p.type ?? 'button',
  part: (p as { part?: string }).part ?? 'button',
}))<{ $variant?: ButtonVariant }>`
  font: inherit;
  cursor: pointer;
  border-radius: ${tokens.radius};
  padding: ${tokens.space2} ${tokens.space4};
  border: 1px solid ${tokens.primary};
  ${(p) =>
    p.$variant === 'secondary'
      ? css`background: ${tokens.surface}; color: ${tokens.primaryStrong}; border-color: ${tokens.primaryStrong};`
      : p.$variant === 'link'
        ? css`background: none; border-color: transparent; color: ${tokens.primaryStrong}; padding: 0; text-decoration: underline;`
        : p.$variant === 'danger'
          ? css`background: ${tokens.danger}; border-color: ${tokens.danger}; color: ${tokens.dangerText};`
          : css`background: ${tokens.primary}; color: ${tokens.primaryText};`}
  /* aria-disabled keeps a control focusable (its reason stays readable by a screen reader and a
     tooltip) but it must still look unavailable. */
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

/** A link that looks like a primary button (it stays a real link: gaze-navigate on a plain click). */
export const ButtonLink = styled(Link)`
  display: inline-block;
  padding: ${tokens.space2} ${tokens.space4};
  border-radius: ${tokens.radius};
  background: ${tokens.primary};
  /* !important: an element's own \`a { color }\` rule must not recolour the label. */
  color: ${tokens.primaryText} !important;
  text-decoration: none;
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
