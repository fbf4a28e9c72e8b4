import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's or a panel's loading state: a spinner named for what loads. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

/**
 * The three states of a server list: loading, empty (a sentence, or a richer node), or its rows.
 * Lists share the look of the first two so only the rows differ.
 */
export function ListStates({
  pending,
  loadingLabel,
  empty,
  emptyState,
  children,
}: {
  pending: boolean;
  loadingLabel: string;
  empty: boolean;
  emptyState: ReactNode;
  children: ReactNode;
}) {
  if (pending) return <Loading label={loadingLabel} />;
  if (empty) {
    return typeof emptyState === 'string' ? (
      <Text ta="center" py="xl" fw={600}>
        {emptyState}
      </Text>
    ) : (
      emptyState
    );
  }
  return children;
}
