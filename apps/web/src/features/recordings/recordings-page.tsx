import { Badge, Group, Stack, Table, TextInput } from '@mantine/core';
import {
  eventMessages,
  RECORDINGS_PAGE_SIZE,
  recordingListAddressSchema,
  type RecordingListAddress,
} from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from '../../api/identity.ts';
import { useListPage } from '../../ui/list-page.ts';
import { ListStates } from '../../ui/list-states.tsx';
import { formatDate } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import { useRecordingList } from './recordings-api.ts';

export function recordingListParams(state: RecordingListAddress, organizationId: string): URLSearchParams {
  const params = new URLSearchParams({
    organization: organizationId,
    limit: String(RECORDINGS_PAGE_SIZE),
    offset: String((state.page - 1) * RECORDINGS_PAGE_SIZE),
  });
  if (state.search.trim()) params.set('title', state.search.trim());
  return params;
}

/** /recordings: the organisation's recordings (spec 001 §7 "Recordings"). */
export function RecordingsPage() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { state, setPage, searchText, setSearchText } = useListPage(
    '/recordings',
    recordingListAddressSchema,
  );
  const list = useRecordingList(recordingListParams(state, user.organization ?? ''));

  useEffect(() => {
    if (list.isError) showToast(eventMessages.errorLoadingRecordings, 'error');
  }, [list.isError]);

  const recordings = list.data?.results ?? [];
  return (
    <Stack>
      <PageHeader
        title="Recordings"
        actions={
          // Live sessions' recordings are library videos: the library filtered to them.
          <HrefLink href="/videos?source=EVENT_RECORDING">Live session recordings</HrefLink>
        }
      />
      <TextInput
        label="Search"
        placeholder="Search by title"
        value={searchText}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        w={260}
      />
      <ListStates
        pending={list.isPending}
        loadingLabel="Loading recordings"
        empty={recordings.length === 0}
        emptyState="No recordings found"
      >
        <Table highlightOnHover aria-label="Recordings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Workspace</Table.Th>
              <Table.Th>Tags</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recordings.map((recording) => (
              <Table.Tr key={recording.id}>
                <Table.Td>
                  <HrefLink href={`/recording-event/${encodeURIComponent(recording.id)}`}>
                    {recording.title}
                  </HrefLink>
                </Table.Td>
                <Table.Td>{formatDate(recording.created_at)}</Table.Td>
                <Table.Td>{recording.workspace?.name ?? '-'}</Table.Td>
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
            ))}
          </Table.Tbody>
        </Table>
      </ListStates>
      <ListPagination
        total={list.data?.count ?? 0}
        pageSize={RECORDINGS_PAGE_SIZE}
        page={state.page}
        onChange={setPage}
        estimated={list.data?.count_is_estimate}
      />
    </Stack>
  );
}
