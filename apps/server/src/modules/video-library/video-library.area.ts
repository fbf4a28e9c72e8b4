import { moduleLinks, type ModuleLink } from '../../platform/module-links.ts';
import type { VisibleWorkspaces } from '../../platform/platform.ts';
import type { Studio } from '../../studio-area.ts';
import { registerUploads } from '../uploads/uploads.module.ts';
import type { VideoUsageProvider } from './usage.ts';
import { mediaDefaults, registerVideoLibrary } from './video-library.module.ts';
import type { EventIdsMatching } from './video-library.service.ts';

/**
 * Uploads and the video library. Offers "where is this video used", an extension point each later
 * area that refers to videos fills with its part.
 */
export async function videoLibraryArea(
  studio: Studio,
  ports: {
    /** The events of a filter (event, tag, series): the back office's, built later. */
    eventsMatching: ModuleLink<EventIdsMatching>;
    visibleWorkspaces: ModuleLink<VisibleWorkspaces>;
  },
) {
  const { app, platform, config, publicUrl } = studio;
  const { db } = studio.database;
  const media = mediaDefaults(config.media);
  const uploads = await registerUploads(app, {
    db,
    storage: platform.storage,
    settings: {
      dataDir: platform.dataDir,
      s3: config.s3,
      publicUrl,
      videoMaxBytes: media.videoUploadMaxBytes,
      expirationHours: media.uploadExpirationHours,
    },
  });
  const videoUsage = moduleLinks<VideoUsageProvider>('areas → video library: where a video is used');
  const { library, transcripts, mediaServer } = await registerVideoLibrary(app, {
    db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    uploads,
    dataDir: platform.dataDir,
    publicUrl,
    secretKey: studio.secretKey,
    media,
    eventsMatching: ports.eventsMatching,
    usage: videoUsage,
    visibleWorkspaces: ports.visibleWorkspaces,
  });
  return { library, transcripts, videoUsage, mediaServer };
}

export type VideoLibraryArea = Awaited<ReturnType<typeof videoLibraryArea>>;
