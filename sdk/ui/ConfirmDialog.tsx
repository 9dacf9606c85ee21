import { useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Modal } from './Modal';
import { Button } from './Button';
import { tokens } from './theme';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${tokens.space3};
  margin-top: ${tokens.space4};
`;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen; describes the dialog (aria-describedby). */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Destructive action: the confirm button is red. */
  danger?: boolean;
  /** While the action runs: both buttons disabled. */
  busy?: boolean;
  /** Which button has focus on open (default cancel: Enter right away must not destroy anything). */
  initialFocus?: 'confirm' | 'cancel';
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in an alertdialog (Modal's focus trap, Escape = cancel). */
export function ConfirmDialog({
  open, title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger, busy, initialFocus = 'cancel', onConfirm, onCancel,
}: ConfirmDialogProps) {
  const messageId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      title={title}
      role="alertdialog"
      describedBy={messageId}
      onClose={() => !busy && onCancel()}
      initialFocus={initialFocus === 'confirm' ? confirmRef : cancelRef}
      part="confirm-dialog"
    >
      <div id={messageId}>{message}</div>
      <Actions>
        <Button ref={cancelRef} $variant="secondary" part="cancel" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button ref={confirmRef} $variant={danger ? 'danger' : 'primary'} part="confirm" disabled={busy} aria-busy={busy || undefined} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Actions>
    </Modal>
  );
}
