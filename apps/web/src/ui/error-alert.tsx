import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A sentence of what failed (a load, a save, a link), in red and read out at once (role "alert"). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" role="alert">
      {children}
    </Alert>
  );
}
