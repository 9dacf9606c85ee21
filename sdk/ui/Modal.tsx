import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useHost } from './host';
import { tokens } from './theme';
import { useFocusTrap, type InitialFocus } from './focus';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 900;
  background: rgba(0, 0, 0, 0.4);
  display: flex;
  align-items: center;
  justify-content: center;
`;
const Dialog = styled.div`
  background: ${tokens.surface};
  color: ${tokens.text};
  font-family: ${tokens.font};
  border-radius: ${tokens.radiusLg};
  box-shadow: ${tokens.shadow};
  min-width: 320px;
  max-width: min(90vw, 720px);
  max-height: 90vh;
  overflow: auto;
  padding: ${tokens.space5};
  &:focus { outline: none; }
  /* Full-screen (e.g. the wizard's Advanced Settings, spec D3-018): the whole viewport, content
     laid out for its width rather than squeezed into the 720 px box. */
  &[data-size='full'] {
    width: 100vw;
    height: 100vh;
    height: 100dvh;
    max-width: none;
    max-height: none;
    min-width: 0;
    border-radius: 0;
  }
`;
const Title = styled.h2`
  margin: 0 0 ${tokens.space3};
  font-size: 1.2em;
`;

// Only the top-most open dialog answers Escape (a confirm opened from a modal closes alone).
const stack: symbol[] = [];

export interface ModalProps {
  open: boolean;
  /** Shown as the heading and names the dialog (aria-labelledby). */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  onClose: () => void;
  children: ReactNode;
  /** Ref or selector of what gets focus on open; default the first field, else the first control. */
  initialFocus?: InitialFocus;
  /** 'alertdialog' for confirmations that interrupt (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the text that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** A click on the dimmed backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  /** 'full' fills the viewport (a full-screen dialog); default a centred box up to 720 px. */
  size?: 'default' | 'full';
  part?: string;
}

function Panel({ title, label, onClose, children, initialFocus, role = 'dialog', describedBy, closeOnBackdrop = true, size = 'default', part = 'modal' }: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useFocusTrap(ref, { initialFocus });
  useEffect(() => {
    const me = Symbol('modal');
    stack.push(me);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || stack[stack.length - 1] !== me) return;
      e.preventDefault();
      close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(me), 1);
    };
  }, []);
  return (
    <Backdrop part={`${part}-backdrop`} onClick={(e) => closeOnBackdrop && e.target === e.currentTarget && onClose()}>
      <Dialog
        ref={ref}
        part={part}
        data-size={size}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {title ? <Title id={titleId}>{title}</Title> : null}
        {children}
      </Dialog>
    </Backdrop>
  );
}

/**
 * A modal dialog rendered into the element's shadow root (portal to HostContext.root), so the
 * element's own sheet styles it and nothing lands in document.body. Focus moves in on open, Tab
 * and Shift+Tab stay inside, Escape or a backdrop click closes, and focus returns to the opener.
 * Outside an element (no HostContext root) it renders in place.
 */
export function Modal({ open, ...rest }: ModalProps) {
  const { root } = useHost();
  if (!open) return null;
  const dialog = <Panel {...rest} />;
  return root ? createPortal(dialog, root as Element) : dialog;
}
