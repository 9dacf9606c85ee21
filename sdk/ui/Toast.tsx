import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

/** Feedback toasts stay 4 s (D1-060); report and study-creation error toasts 6 s (D1-061). */
export const TOAST_DURATION_FEEDBACK = 4000;
export const TOAST_DURATION_ERROR = 6000;

const Box = styled.div<{ $kind: 'success' | 'error' | 'info' }>`
  position: fixed;
  top: 16px;
  right: 16px;
  z-index: 1000;
  max-width: 360px;
  padding: 12px 16px;
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  color: #fff;
  background: ${(p) => (p.$kind === 'error' ? tokens.danger : p.$kind === 'success' ? tokens.success : tokens.primary)};
`;

export interface ToastProps {
  text: string;
  kind?: 'success' | 'error' | 'info';
  /** Milliseconds until onClose is called. */
  duration?: number;
  onClose: () => void;
}

/** A toast that closes itself after `duration`; renders inside the element's shadow root. */
export function Toast({ text, kind = 'info', duration = TOAST_DURATION_FEEDBACK, onClose }: ToastProps) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const t = setTimeout(() => close.current(), duration);
    return () => clearTimeout(t);
  }, [text, duration]);
  return (
    <Box part="toast" role="status" data-kind={kind} $kind={kind}>
      {text}
    </Box>
  );
}
