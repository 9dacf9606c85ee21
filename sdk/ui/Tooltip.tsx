import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

const Wrap = styled.span`
  position: relative;
  display: inline-flex;
`;
const Tip = styled.span<{ $placement: 'top' | 'bottom' }>`
  position: absolute;
  left: 50%;
  ${(p) => (p.$placement === 'top' ? 'bottom: calc(100% + 6px);' : 'top: calc(100% + 6px);')}
  transform: translateX(-50%);
  z-index: 850;
  width: max-content;
  max-width: 280px;
  padding: ${tokens.space1} ${tokens.space2};
  border-radius: ${tokens.radius};
  background: ${tokens.text};
  color: ${tokens.surface};
  font-size: 0.9em;
  line-height: 1.3;
  pointer-events: auto;
  &[hidden] { display: none; }
`;

export interface TooltipProps {
  /** The tooltip text; it also describes the trigger (aria-describedby). */
  content: ReactNode;
  /** One focusable element (a button, a link…) that the tooltip describes. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  /** Milliseconds of hover before showing (focus shows at once). */
  delay?: number;
}

/**
 * A tooltip on hover and on keyboard focus; Escape hides it without moving focus (WCAG 1.4.13),
 * and the pointer may move onto the tip without it closing. Always in the DOM (hidden when
 * closed) so the trigger keeps its description.
 */
export function Tooltip({ content, children, placement = 'top', delay = 300 }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => clear, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        // Only this tooltip closes: a dialog around it stays open.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const show = (wait: number) => {
    clear();
    if (wait <= 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), wait);
  };
  const hide = () => {
    clear();
    setOpen(false);
  };
  const described = [children.props['aria-describedby'], id].filter(Boolean).join(' ');
  return (
    <Wrap part="tooltip-anchor" onMouseEnter={() => show(delay)} onMouseLeave={hide} onFocus={() => show(0)} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': described })}
      <Tip id={id} role="tooltip" part="tooltip" $placement={placement} hidden={!open}>
        {content}
      </Tip>
    </Wrap>
  );
}
