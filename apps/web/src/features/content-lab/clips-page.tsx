import { Loader, Stack, Text } from '@mantine/core';
import {
  clipMessages,
  contentLabClipsPath,
  contentProjectPath,
  type Clip,
  type ContentProject,
} from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { ContentLabNotFound } from './content-lab-not-found.tsx';
import { HlsPlayer } from '../../ui/hls-player.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { ClipMaker } from './clip-maker.tsx';
import { useClips, useContentVideo } from './clips-api.ts';
import { ClipsTable } from './clips-table.tsx';

/** /content/{project}/{id}/clips?activeClipId=: make clips of a video, play and share them. */
export function ClipsPage({ project, videoId }: { project: ContentProject; videoId: string }) {
  const navigate = useNavigate();
  const video = useContentVideo(videoId);
  const clips = useClips(videoId);
  const activeClipId = useSearchParam('activeClipId');
  if (video.isPending) return <Loader aria-label="Loading video" />;
  if (!video.data) return <ContentLabNotFound title="Video not found" />;
  const hrefOf = (clipId?: string) => contentLabClipsPath(project.id, videoId, clipId);
  const open = (clip?: Clip) => void navigate({ href: hrefOf(clip?.id) });
  const active = clips.data?.results.find((clip) => clip.id === activeClipId);
  const playing = active?.hls_url ? active : undefined;

  return (
    <Stack>
      <PageHeader
        title={video.data.name}
        description={
          <HrefLink href={contentProjectPath(project.id)} size="sm">
            {project.name}
          </HrefLink>
        }
      />
      {playing ? (
        <HlsPlayer
          key={playing.id}
          src={playing.hls_url!}
          title={playing.name}
          poster={playing.thumbnail_url}
        />
      ) : (
        video.data.urls.hls && (
          <HlsPlayer src={video.data.urls.hls} title={video.data.name} poster={video.data.urls.thumbnail} />
        )
      )}
      {active && !playing && (
        <Text size="sm" c="dimmed">
          {active.name}: {active.status === 'ERROR' ? active.error : clipMessages.stillProcessing}
        </Text>
      )}
      <ClipMaker video={video.data} onCreated={open} />
      <ClipsTable
        clips={clips}
        activeClipId={activeClipId}
        hrefOf={(clip) => hrefOf(clip.id)}
        onDeleted={(clipId) => clipId === activeClipId && open()}
      />
    </Stack>
  );
}
