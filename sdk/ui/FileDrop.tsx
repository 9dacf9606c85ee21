import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { tokens } from './theme';
import { formatBytes, sortFiles, type FileRejection } from './fileAccept';

const Zone = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${tokens.space2};
  padding: ${tokens.space5};
  border: 2px dashed ${tokens.muted};
  border-radius: ${tokens.radiusLg};
  background: ${tokens.surface};
  text-align: center;
  &[data-dragging='true'] { border-color: ${tokens.primaryStrong}; background: ${tokens.surfaceAlt}; }
  &[aria-disabled='true'] { opacity: 0.6; }
  small { color: ${tokens.muted}; }
  input[type='file'] { display: none; }
`;
const Errors = styled.ul`
  list-style: none;
  margin: ${tokens.space2} 0 0;
  padding: 0;
  color: ${tokens.danger};
`;

export interface FileDropProps {
  /** Names the zone and its browse button, e.g. "Upload stimuli". */
  label: string;
  /** As <input accept>: "image/*,.csv". */
  accept?: string;
  /** Bytes. */
  maxSize?: number;
  multiple?: boolean;
  disabled?: boolean;
  /** Extra line under the label; by default the accepted types and size. */
  hint?: ReactNode;
  onFiles: (files: File[]) => void;
  onReject?: (rejections: FileRejection[]) => void;
}

/**
 * A drop zone with a Browse button (the keyboard way in: Tab to it, Enter or Space opens the
 * file chooser). Files that break `accept`, `maxSize` or `multiple` are refused with a message
 * per file (role="alert"); the rest go to onFiles.
 */
export function FileDrop({ label, accept, maxSize, multiple = false, disabled, hint, onFiles, onReject }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  const take = (list: FileList | null) => {
    const { accepted, rejected } = sortFiles(Array.from(list ?? []), { accept, maxSize, multiple });
    setErrors(rejected.map((r) => r.reason));
    if (rejected.length) onReject?.(rejected);
    if (accepted.length) onFiles(accepted);
  };
  const over = (e: DragEvent) => {
    e.preventDefault();
    if (!disabled) setDragging(true);
  };
  const defaultHint = [accept ? `Accepted: ${accept}` : null, maxSize ? `up to ${formatBytes(maxSize)}` : null].filter(Boolean).join(', ');
  return (
    <div part="file-drop">
      <Zone
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-disabled={disabled || undefined}
        data-dragging={dragging}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          if (!disabled) take(e.dataTransfer.files);
        }}
      >
        <strong id={`${id}-label`}>{label}</strong>
        <span>Drag {multiple ? 'files' : 'a file'} here, or</span>
        <Button $variant="secondary" part="browse" disabled={disabled} aria-describedby={`${id}-label`} onClick={() => input.current?.click()}>
          Browse…
        </Button>
        <small id={`${id}-hint`}>{hint ?? defaultHint}</small>
        <input
          ref={input}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(e) => {
            take(e.target.files);
            // The same file chosen again must fire change again.
            e.target.value = '';
          }}
        />
      </Zone>
      {errors.length ? (
        <Errors role="alert" part="file-errors">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </Errors>
      ) : null}
    </div>
  );
}
