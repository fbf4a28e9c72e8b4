import { Table, Text } from '@mantine/core';
import {
  contentLabClipsPath,
  formatVideoDuration,
  projectMessages,
  STATUS_LABELS,
  displayStatus,
} from '@studio/domain';
import { formatDate } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useContentVideos } from './clips-api.ts';
import { useAddProjectVideo, useProjectVideos } from './projects-api.ts';

/** A project's videos, each opening its clips; and any other video Content Lab edits, to add. */
export function ContentVideos({ projectId }: { projectId: string }) {
  const videos = useProjectVideos(projectId);
  const results = videos.data?.results ?? [];
  const candidates = useContentVideos().data?.results ?? [];
  const add = useAddProjectVideo(projectId);
  const inProject = new Set(results.map((video) => video.id));
  return (
    <>
      <SelectField
        label={projectMessages.addVideo}
        placeholder="Recordings and Content Lab uploads"
        value={null}
        searchable
        disabled={add.isPending}
        options={candidates
          .filter((video) => !inProject.has(video.id))
          .map((video) => ({ label: video.name, value: video.id }))}
        onChange={(videoId) => videoId && add.mutate(videoId)}
        maw={420}
      />
      <ListStates
        pending={videos.isPending}
        loadingLabel="Loading videos"
        empty={results.length === 0}
        emptyState={projectMessages.noVideos}
      >
        <ListTable label="Project videos" columns={['Title', 'Duration', 'Status', 'Created At']}>
          {results.map((video) => (
            <Table.Tr key={video.id}>
              <Table.Td>
                <HrefLink href={contentLabClipsPath(projectId, video.id)}>{video.name}</HrefLink>
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
    </>
  );
}
