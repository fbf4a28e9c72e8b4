import { Badge, Group, Stack, Table, TextInput } from '@mantine/core';
import { eventMessages, RECORDINGS_PAGE_SIZE } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../../api/identity.ts';
import { ListStates } from '../../ui/list-states.tsx';
import { formatDate } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import { useRecordingList } from './recordings-api.ts';

export interface RecordingSearch {
  search: string;
  page: number;
}

export function parseRecordingSearch(raw: Readonly<Record<string, unknown>>): RecordingSearch {
  const page = Number(raw.page);
  return {
    search: typeof raw.search === 'string' ? raw.search : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function recordingsHref({ search, page }: RecordingSearch): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/recordings?${query}` : '/recordings';
}

export function recordingListParams(state: RecordingSearch, organizationId: string): URLSearchParams {
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
  const navigate = useNavigate();
  const state = parseRecordingSearch(useSearch({ strict: false }));
  const list = useRecordingList(recordingListParams(state, user.organization ?? ''));
  const [searchText, setSearchText] = useState(state.search);

  useEffect(() => {
    if (list.isError) showToast(eventMessages.errorLoadingRecordings, 'error');
  }, [list.isError]);

  const applied = state.search;
  useEffect(() => {
    if (searchText.trim() === applied.trim()) return;
    const timer = setTimeout(
      () => void navigate({ href: recordingsHref({ search: searchText, page: 1 }), replace: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText, applied, navigate]);

  const recordings = list.data?.results ?? [];
  return (
    <Stack>
      <PageHeader title="Recordings" />
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
        onChange={(page) => void navigate({ href: recordingsHref({ ...state, page }) })}
      />
    </Stack>
  );
}
