import { Button, Group, Table, Text } from '@mantine/core';
import {
  contentLabClipsPath,
  contentLabVideoPath,
  formatVideoDuration,
  projectMessages,
  STATUS_LABELS,
  displayStatus,
} from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useContentVideos } from './clips-api.ts';
import { useAddProjectVideo, useProjectVideos } from './projects-api.ts';

const UploadVideoDialog = lazy(() =>
  import('../../ui/upload-video-dialog.tsx').then((module) => ({ default: module.UploadVideoDialog })),
);

/**
 * A project's videos, each opening its clips; any other video Content Lab edits, to add; and a
 * video uploaded from the computer, imported into the project (spec 000 §4 "Upload flows").
 */
export function ContentVideos({ projectId }: { projectId: string }) {
  const navigate = useNavigate();
  const videos = useProjectVideos(projectId);
  const results = videos.data?.results ?? [];
  const candidates = useContentVideos().data?.results ?? [];
  const add = useAddProjectVideo(projectId);
  const [uploading, setUploading] = useState(false);
  const inProject = new Set(results.map((video) => video.id));
  return (
    <>
      <Group align="end">
        <SelectField
          label={projectMessages.addVideo}
          placeholder="Choose a recording or an upload"
          value={null}
          searchable
          disabled={add.isPending}
          options={candidates
            .filter((video) => !inProject.has(video.id))
            .map((video) => ({ label: video.name, value: video.id }))}
          onChange={(videoId) => videoId && add.mutate(videoId)}
          w={{ base: '100%', xs: 360 }}
        />
        <Button variant="default" onClick={() => setUploading(true)}>
          {projectMessages.uploadVideo}
        </Button>
      </Group>
      {uploading && (
        <Suspense fallback={null}>
          <UploadVideoDialog
            onImported={async (video) => {
              await add.mutateAsync(video.id);
              await navigate({ href: contentLabVideoPath(projectId, video) });
            }}
            onClose={() => setUploading(false)}
          />
        </Suspense>
      )}
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
