import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

/** A page's or a panel's loading state: a spinner named for what loads. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/** An empty list's state: what is missing and, where it helps, how to start (spec 000 §2's videos' pattern). */
export function EmptyList({ title, hint }: { title: string; hint?: ReactNode }) {
  return (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={600} ta="center">
        {title}
      </Text>
      {hint && (
        <Text c="dimmed" ta="center">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The states of a server list: failed (when `failure` is given: a sentence in a red alert, or a
 * richer node), loading, empty (a sentence, or a richer node), or its rows. Lists share the look
 * of these states so only the rows differ.
 */
export function ListStates({
  failure,
  pending,
  loadingLabel,
  empty = false,
  emptyState = null,
  children,
}: {
  /** What shows when the list could not be loaded (`false` or nothing while it could). */
  failure?: ReactNode;
  pending: boolean;
  loadingLabel: string;
  empty?: boolean;
  emptyState?: ReactNode;
  children: ReactNode;
}) {
  if (failure) return typeof failure === 'string' ? <ErrorAlert>{failure}</ErrorAlert> : failure;
  if (pending) return <Loading label={loadingLabel} />;
  if (empty) {
    return typeof emptyState === 'string' ? <EmptyList title={emptyState} /> : emptyState;
  }
  return children;
}
