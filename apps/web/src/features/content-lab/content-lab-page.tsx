import { Box } from '@mantine/core';
import { ForcedPasswordDialog } from '../../session/forced-password-dialog.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { ClipsPage } from './clips-page.tsx';
import { ContentVideos } from './content-videos.tsx';

/**
 * /content and /content/{param+} (the forced new-password dialog included): the videos Content Lab
 * works on, and a video's clips at /content/{project}/{id}/clips?activeClipId= (also reached as
 * …/recordings, the video's page in Content Lab).
 */
export function ContentLabPage() {
  const [, videoId, area] = useRouteParam('_splat').split('/');
  const onVideo = videoId && (area === 'clips' || area === 'recordings');
  return (
    <Box p="md">
      {onVideo ? <ClipsPage videoId={videoId} /> : <ContentVideos />}
      <ForcedPasswordDialog />
    </Box>
  );
}
