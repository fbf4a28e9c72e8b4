import { Button, type ButtonProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export type CopyState = 'not-copied' | 'copied' | 'failed';

/** A copied or failed state returns to not-copied after this long. */
export const COPY_RESET_MS = 2000;

const labels: Record<CopyState, string> = { 'not-copied': 'Copy', copied: 'Copied', failed: 'Copy failed' };
const colors: Record<CopyState, string | undefined> = {
  'not-copied': undefined,
  copied: 'teal',
  failed: 'red',
};

interface CopyButtonProps extends Omit<ButtonProps, 'children' | 'color'> {
  value: string;
  /** Names what is copied for assistive technology, e.g. 'Copy token'. */
  'aria-label'?: string;
}

/** Spec 000 §2 copy-to-clipboard control: not copied, copied or failed; back to not copied after 2 s. */
export function CopyButton({ value, 'aria-label': ariaLabel, ...props }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('not-copied');

  useEffect(() => {
    if (state === 'not-copied') return;
    const timer = setTimeout(() => setState('not-copied'), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <Button
      variant="light"
      {...props}
      color={colors[state]}
      aria-label={ariaLabel}
      data-state={state}
      onClick={() => void copy()}
    >
      {labels[state]}
    </Button>
  );
}
