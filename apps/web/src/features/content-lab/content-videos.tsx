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
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useAddProjectVideo, useProjectVideos, useVideoProjects } from './projects-api.ts';

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
  /** A video in another project, chosen: the move waits for the organiser's yes. */
  const [moving, setMoving] = useState<{ videoId: string; name: string; from: string } | null>(null);
  const inProject = new Set(results.map((video) => video.id));
  const others = candidates.filter((video) => !inProject.has(video.id));
  // A video is in at most one project: the picker says where each one is before it is moved.
  const placed = new Map(
    (useVideoProjects(others.map((video) => video.id)).data ?? [])
      .filter((where) => where.project !== projectId)
      .map((where) => [where.video_asset, where.project_name]),
  );
  const choose = (videoId: string) => {
    const from = placed.get(videoId);
    const name = others.find((video) => video.id === videoId)?.name ?? '';
    if (from === undefined) add.mutate({ videoId, from: null });
    else setMoving({ videoId, name, from });
  };
  return (
    <>
      <Group align="end">
        <SelectField
          label={projectMessages.addVideo}
          placeholder="Choose a recording or an upload"
          value={null}
          searchable
          disabled={add.isPending}
          options={others.map((video) => {
            const from = placed.get(video.id);
            return {
              label: video.name,
              value: video.id,
              ...(from !== undefined && { subLabel: projectMessages.inProject.replace('{project}', from) }),
            };
          })}
          onChange={(videoId) => videoId && choose(videoId)}
          w={{ base: '100%', xs: 360 }}
        />
        <Button variant="default" onClick={() => setUploading(true)}>
          {projectMessages.uploadVideo}
        </Button>
      </Group>
      <ConfirmDialog
        opened={moving !== null}
        message={
          moving &&
          projectMessages.moveQuestion.replace('{video}', moving.name).replaceAll('{project}', moving.from)
        }
        confirmLabel={projectMessages.moveVideo}
        confirming={add.isPending}
        onConfirm={() =>
          moving &&
          add.mutate({ videoId: moving.videoId, from: moving.from }, { onSuccess: () => setMoving(null) })
        }
        onCancel={() => setMoving(null)}
      />
      {uploading && (
        <Suspense fallback={null}>
          <UploadVideoDialog
            onImported={async (video) => {
              await add.mutateAsync({ videoId: video.id, from: null });
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
