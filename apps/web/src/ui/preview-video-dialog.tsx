import { Text } from '@mantine/core';
import { videoLibraryMessages, type VideoAsset } from '@studio/domain';
import { HlsPlayer } from './hls-player.tsx';
import { StudioDialog } from './studio-dialog.tsx';

/** Spec 000 §2 preview dialog: the streaming player titled with the video name. */
export function PreviewVideoDialog({
  video,
  guarded,
  onClose,
}: {
  video: VideoAsset;
  guarded: boolean;
  onClose: () => void;
}) {
  return (
    <StudioDialog opened onClose={onClose} title={video.name} size="xlarge">
      {video.urls.hls ? (
        <HlsPlayer
          src={video.urls.hls}
          guarded={guarded}
          title={video.name}
          autoPlay
          poster={video.urls.thumbnail}
        />
      ) : (
        <Text c="dimmed">{videoLibraryMessages.notReadyReason}</Text>
      )}
    </StudioDialog>
  );
}
