import { Loader, Stack, Text } from '@mantine/core';
import { contentLabVideoPath, videoLibraryMessages } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { showToast } from '../../ui/toast.ts';
import { contentVideoQuery } from './clips-api.ts';

/**
 * /content/import/{project}/{id}/ (spec 000 §4): a Content Lab upload still PROGRESSING. The asset
 * is read again at each pushed change of its status until it is imported, then 'Video imported
 * successfully' and its recordings page.
 */
export function ImportPage({ projectId, videoId }: { projectId: string; videoId: string }) {
  const navigate = useNavigate();
  const query = contentVideoQuery(videoId);
  useReadAgainOnPush(
    videoId,
    query.queryKey,
    (message) =>
      message.type === 'ready' || (message.type === 'video-asset-updated' && message.data.id === videoId),
  );
  const video = useQuery(query);
  const imported = video.data && video.data.transcode_status !== 'PROGRESSING' ? video.data : undefined;
  useEffect(() => {
    if (!imported) return;
    if (imported.transcode_status !== 'ERROR') showToast(videoLibraryMessages.videoImported, 'success');
    void navigate({ href: contentLabVideoPath(projectId, imported), replace: true });
  }, [imported, navigate, projectId]);
  return (
    <Stack align="center" p="xl">
      <Loader aria-label="Importing video" />
      {video.data && <Text>{video.data.name}</Text>}
    </Stack>
  );
}
