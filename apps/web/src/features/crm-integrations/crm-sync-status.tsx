import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { CRM_SYNC_FAILURES_PAGE_SIZE, crmMessages, type MappedType } from '@studio/domain';
import { useState } from 'react';
import { ListTable } from '../../ui/list-table.tsx';
import { useActivitySync, useRetrySync, useSyncFailures, useSyncPushes } from './crm-api.ts';

/**
 * An event's pushes to one CRM: the counts, the people whose push failed with the CRM's error
 * (a page at a time), and "Retry" for them; each push's outcome comes over the studio's socket.
 */
export function CrmSyncStatus({ eventId, crmType }: { eventId: string; crmType: MappedType }) {
  useSyncPushes(eventId);
  const sync = useActivitySync(eventId);
  const [offset, setOffset] = useState(0);
  const failures = useSyncFailures(eventId, crmType, offset);
  const retry = useRetrySync(eventId, crmType);
  const status = sync.data?.integrationStatusMap[crmType];
  const failed = failures.data?.results ?? [];
  return (
    <Stack gap={4} component="section" aria-label="Sync status">
      <Title order={2} size="h5">
        Sync status
      </Title>
      {sync.isError ? (
        <Text c="red" size="sm">
          {crmMessages.activitySyncFailed}
        </Text>
      ) : (
        <Text size="sm" role="status">
          {status
            ? `${status.synced} synced · ${status.pending} pending · ${status.failed} failed`
            : 'No registrant sent yet.'}
        </Text>
      )}
      {failed.length > 0 && (
        <>
          <ListTable label="Failed pushes" columns={['Registrant', 'Error']} minWidth={480}>
            {failed.map((failure) => (
              <Table.Tr key={failure.email}>
                <Table.Td>{failure.email}</Table.Td>
                <Table.Td>{failure.error}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Group>
            <Button size="xs" loading={retry.isPending} onClick={() => retry.mutate()}>
              Retry
            </Button>
            {offset > 0 && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setOffset(offset - CRM_SYNC_FAILURES_PAGE_SIZE)}
              >
                Previous
              </Button>
            )}
            {failures.data?.next && (
              <Button
                size="xs"
                variant="subtle"
                onClick={() => setOffset(offset + CRM_SYNC_FAILURES_PAGE_SIZE)}
              >
                Next
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
