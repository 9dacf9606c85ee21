import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useHost } from './host';
import { tokens } from './theme';

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
  border-radius: ${tokens.radius};
  box-shadow: ${tokens.shadow};
  min-width: 320px;
  max-width: min(90vw, 720px);
  max-height: 90vh;
  overflow: auto;
  padding: 20px;
`;
const Title = styled.h2`
  margin: 0 0 12px;
  font-size: 1.2em;
`;

export interface ModalProps {
  open: boolean;
  title?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Renders into the element's shadow root (portal to HostContext.root), so the dialog is styled by
 * the element's own sheet and never leaks into document.body. Escape and a backdrop click close it.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const { root } = useHost();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const dialog = (
    <Backdrop part="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <Dialog part="modal" role="dialog" aria-modal="true">
        {title ? <Title>{title}</Title> : null}
        {children}
      </Dialog>
    </Backdrop>
  );
  const target = root ?? (typeof document !== 'undefined' ? document.body : null);
  return target ? createPortal(dialog, target as Element) : dialog;
}
