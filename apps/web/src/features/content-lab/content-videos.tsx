import { Table, Text } from '@mantine/core';
import {
  clipMessages,
  contentLabClipsPath,
  formatVideoDuration,
  STATUS_LABELS,
  displayStatus,
} from '@studio/domain';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useContentVideos } from './clips-api.ts';
import { projectOf } from './content-project.ts';
import { ClipSearchPanel } from './saved-searches.tsx';

/**
 * /content: the recordings and Content Lab uploads clips are made from, each opening its clips;
 * then the clip search and the saved searches.
 */
export function ContentVideos() {
  const videos = useContentVideos();
  const results = videos.data?.results ?? [];
  return (
    <>
      <PageHeader title="Content Lab" description="Turn your event videos into clips to share." />
      <ListStates
        pending={videos.isPending}
        loadingLabel="Loading videos"
        empty={results.length === 0}
        emptyState={
          <EmptyState
            title={clipMessages.noVideos}
            message="Recordings of your events appear here once they are processed."
          />
        }
      >
        <ListTable label="Content Lab videos" columns={['Title', 'Duration', 'Status', 'Created At']}>
          {results.map((video) => (
            <Table.Tr key={video.id}>
              <Table.Td>
                <HrefLink href={contentLabClipsPath(projectOf(video), video.id)}>{video.name}</HrefLink>
              </Table.Td>
              <Table.Td>{formatVideoDuration(video.duration)}</Table.Td>
              <Table.Td>{STATUS_LABELS[displayStatus(video)]}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(video.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </ListStates>
      <ClipSearchPanel />
    </>
  );
}
