import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { tokens } from './theme';

/** Feedback toasts stay 4 s (D1-060); report and study-creation error toasts 6 s (D1-061). */
export const TOAST_DURATION_FEEDBACK = 4000;
export const TOAST_DURATION_ERROR = 6000;

export type ToastKind = 'success' | 'error' | 'info';

// Text stays in the body colour on the surface (4.5:1 whatever the kind); the kind shows as a
// coloured edge, so no coloured fill has to carry white text.
const Box = styled.div<{ $kind: ToastKind; $inline: boolean }>`
  position: ${(p) => (p.$inline ? 'static' : 'fixed')};
  top: ${tokens.space4};
  right: ${tokens.space4};
  z-index: ${(p) => (p.$inline ? 'auto' : 1000)};
  display: flex;
  gap: ${tokens.space3};
  align-items: flex-start;
  max-width: ${(p) => (p.$inline ? 'none' : '360px')};
  padding: ${tokens.space3} ${tokens.space3} ${tokens.space3} ${tokens.space4};
  border-radius: ${tokens.radiusLg};
  box-shadow: ${tokens.shadow};
  background: ${tokens.surface};
  color: ${tokens.text};
  border: 1px solid ${tokens.border};
  border-left: 6px solid ${(p) => (p.$kind === 'error' ? tokens.danger : p.$kind === 'success' ? tokens.success : tokens.primary)};
  button {
    flex: none;
    display: inline-flex;
    background: none;
    border: 0;
    padding: 2px;
    margin: -2px -2px 0 auto;
    color: ${tokens.muted};
    cursor: pointer;
    border-radius: ${tokens.radius};
  }
  button[data-text] { color: ${tokens.primaryStrong}; font: inherit; font-weight: 600; padding: 2px 8px; }
  ul { margin: 0; padding-left: 1.2em; }
`;

export interface ToastProps {
  /** Several messages are listed one per line, never run together. */
  text: string | readonly string[];
  kind?: ToastKind;
  /** Milliseconds until onClose is called; 0 or null keeps it until dismissed. */
  duration?: number | null;
  /** Show a dismiss button (default true). */
  dismissible?: boolean;
  /** A worded dismiss button (e.g. 'OK') instead of the icon. */
  dismissText?: string;
  /** In the page's flow instead of floating over its top corner (where a host's header is). */
  inline?: boolean;
  onClose: () => void;
}

/**
 * A toast inside the element's shadow root: role="alert" for errors (announced at once),
 * role="status" otherwise; closes itself after `duration` and by its dismiss button.
 */
export function Toast({ text, kind = 'info', duration = TOAST_DURATION_FEEDBACK, dismissible = true, dismissText, inline = false, onClose }: ToastProps) {
  const close = useRef(onClose);
  close.current = onClose;
  // The messages' content, not the array's identity, restarts the timer.
  const textKey = typeof text === 'string' ? text : text.join('\n');
  useEffect(() => {
    if (!duration) return;
    const t = setTimeout(() => close.current(), duration);
    return () => clearTimeout(t);
  }, [textKey, duration]);
  return (
    <Box part="toast" role={kind === 'error' ? 'alert' : 'status'} data-kind={kind} $kind={kind} $inline={inline}>
      {typeof text === 'string' ? text : text.length === 1 ? text[0] : <ul>{text.map((t) => <li key={t}>{t}</li>)}</ul>}
      {dismissible && dismissText ? (
        <button type="button" part="toast-dismiss" data-text onClick={() => close.current()}>{dismissText}</button>
      ) : dismissible ? (
        // An icon, not a character: the toast's text stays exactly its message.
        <button type="button" part="toast-dismiss" aria-label="Dismiss" onClick={() => close.current()}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </Box>
  );
}
