import { useState } from 'react';
import { Button } from './Button';
import { VisuallyHidden } from './VisuallyHidden';

export interface CopyButtonProps {
  /** What is copied to the clipboard. */
  text: string;
  /** The button's accessible name, e.g. 'Copy the embed snippet'. */
  label: string;
  /** Announced when the clipboard refuses, e.g. 'select the link instead'. */
  fallbackHint: string;
}

/** 'Copy' → 'Copied'; the outcome is announced to screen readers (the clipboard may refuse). */
export function CopyButton({ text, label, fallbackHint }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button $variant="secondary" aria-label={label} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">{state === 'copied' ? 'Copied successfully' : state === 'failed' ? `Could not copy: ${fallbackHint}` : ''}</VisuallyHidden>
    </>
  );
}
