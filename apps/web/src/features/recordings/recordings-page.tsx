import { Badge, Group, Stack, Table } from '@mantine/core';
import {
  eventMessages,
  RECORDINGS_PAGE_SIZE,
  recordingListAddressSchema,
  type RecordingListAddress,
} from '@studio/domain';
import { useSignedInOrganization } from '../../api/identity.ts';
import { pageQuery, useListPage } from '../../ui/list-page.ts';
import { ListToolbar } from '../../ui/list-toolbar.tsx';
import { ServerListTable } from '../../ui/server-list.tsx';
import { formatDate, teamNameOf } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useRecordingList } from './recordings-api.ts';

export function recordingListParams(state: RecordingListAddress, organizationId: string): URLSearchParams {
  return pageQuery(state.page, RECORDINGS_PAGE_SIZE, {
    organization: organizationId,
    title: state.search.trim() || undefined,
  });
}

/** /recordings: the organisation's recordings (spec 001 §7 "Recordings"). */
export function RecordingsPage() {
  const { organizationId, organization } = useSignedInOrganization();
  const page = useListPage('/recordings', recordingListAddressSchema);
  const list = useRecordingList(recordingListParams(page.state, organizationId));

  return (
    <Stack>
      <PageHeader
        title="Recordings"
        actions={
          // Live sessions' recordings are library videos: the library filtered to them.
          <HrefLink href="/videos?source=EVENT_RECORDING">Live session recordings</HrefLink>
        }
      />
      <ListToolbar list={page} searchPlaceholder="Search by title" />
      <ServerListTable
        list={list}
        listPage={page}
        pageSize={RECORDINGS_PAGE_SIZE}
        failure={eventMessages.errorLoadingRecordings}
        label="Recordings"
        startHint="Create an event of the Recording type to see it here."
        columns={['Title', 'Created', organization.is_workspace_enabled && 'Workspace', 'Tags']}
      >
        {(recording) => (
          <Table.Tr key={recording.id}>
            <Table.Td>
              <HrefLink href={`/recording-event/${encodeURIComponent(recording.id)}`}>
                {recording.title}
              </HrefLink>
            </Table.Td>
            <Table.Td>{formatDate(recording.created_at)}</Table.Td>
            {organization.is_workspace_enabled && (
              <Table.Td>{teamNameOf(recording.workspace?.name)}</Table.Td>
            )}
            <Table.Td>
              <Group gap={4}>
                {recording.tags.map((tag) => (
                  <Badge key={tag.id} size="sm" variant="light">
                    {tag.tag_name}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </ServerListTable>
    </Stack>
  );
}
