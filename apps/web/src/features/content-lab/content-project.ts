import type { VideoAsset } from '@studio/domain';

/** A video's Content Lab project (decisions.md): its team workspace, or the organisation's library. */
export const projectOf = (video: Pick<VideoAsset, 'workspace'>): string =>
  video.workspace ? String(video.workspace) : 'library';
