import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { failureMessage } from '../api/api-error.ts';

/**
 * A sentence of what failed (a load, a save, a link), in red and read out at once (role "alert"):
 * the sentence given, or a request's failure (`error`, nothing while it is null) in the server's words.
 */
export function ErrorAlert(props: { children: ReactNode } | { error: unknown }) {
  if ('error' in props && (props.error === null || props.error === undefined)) return null;
  return (
    <Alert color="red" role="alert">
      {'error' in props ? failureMessage(props.error) : props.children}
    </Alert>
  );
}
