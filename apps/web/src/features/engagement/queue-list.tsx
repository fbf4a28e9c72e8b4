import { Alert, Button, Center, Stack } from '@mantine/core';
import { engagementPanelMessages as words } from '@studio/domain';
import type { ReactNode } from 'react';
import { ListStates } from '../../ui/list-states.tsx';
import type { QueueRows } from './engagement-api.ts';

/** A backstage queue's states: loading, failed, empty, or its rows with "Load more" while pages remain. */
export function QueueList<T>({
  queue,
  loadingLabel,
  emptyState,
  children,
}: {
  queue: QueueRows<T>;
  loadingLabel: string;
  emptyState: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (queue.failed)
    return (
      <Alert color="red" role="alert" title="Could not load the queue">
        <Button size="xs" variant="light" color="red" onClick={queue.retry}>
          Try again
        </Button>
      </Alert>
    );
  return (
    <ListStates
      pending={queue.pending}
      loadingLabel={loadingLabel}
      empty={queue.items.length === 0}
      emptyState={emptyState}
    >
      <Stack gap="xs">
        {children(queue.items)}
        {queue.more && (
          <Center>
            <Button variant="light" size="xs" loading={queue.loadingMore} onClick={queue.loadMore}>
              {words.loadMoreQueue}
            </Button>
          </Center>
        )}
      </Stack>
    </ListStates>
  );
}
