import { Alert, Button, Center, Stack } from '@mantine/core';
import { engagementPanelMessages as words } from '@studio/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import type { QueueRows } from './engagement-api.ts';

/**
 * A backstage queue's states: loading, failed, empty (`emptyTitle` over `emptyMessage`, what will appear there),
 * or the list of its rows (each a `li`) with "Load more" while pages remain.
 */
export function QueueList<T>({
  queue,
  loadingLabel,
  emptyTitle,
  emptyMessage,
  emptyIcon,
  children,
}: {
  queue: QueueRows<T>;
  loadingLabel: string;
  emptyTitle: string;
  emptyMessage: string;
  emptyIcon: ReactNode;
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
      emptyState={<EmptyState title={emptyTitle} message={emptyMessage} icon={emptyIcon} />}
    >
      <Stack gap="xs">
        <Stack gap="xs" component="ul" p={0} style={{ listStyle: 'none' }}>
          {children(queue.items)}
        </Stack>
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
