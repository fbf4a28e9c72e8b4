import { contentLabProject, type VideoAsset } from '@studio/domain';

/** A video's Content Lab project: the domain's rule, also the server's edit link's. */
export const projectOf = (video: Pick<VideoAsset, 'workspace'>): string => contentLabProject(video.workspace);
