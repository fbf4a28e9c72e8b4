import { moduleLink, moduleLinks } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import { registerUploads } from '../uploads/uploads.module.ts';
import type { VideoUsageProvider } from './usage.ts';
import { mediaDefaults, registerVideoLibrary } from './video-library.module.ts';
import type { EventIdsMatching, RecordingReady } from './video-library.service.ts';

/**
 * Uploads and the video library. Offers "where is this video used", an extension point each later
 * area that refers to videos fills with its part, and "the events of a filter" (event, tag,
 * series), filled by the back office (built later), and "an event's recording is ready", which
 * areas that act on recordings (Wistia) listen to. Fills the gateway's visible workspaces.
 */
export async function videoLibraryArea(studio: Studio) {
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
  const eventsMatching = moduleLink<EventIdsMatching>('back office → video library: events matching');
  const recordingReady = moduleLinks<RecordingReady>('video library → areas: a recording is ready');
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
    eventsMatching,
    usage: videoUsage,
    recordingReady,
    visibleWorkspaces: platform.visibleWorkspaces,
  });
  return { library, transcripts, videoUsage, eventsMatching, recordingReady, mediaServer };
}

export type VideoLibraryArea = Awaited<ReturnType<typeof videoLibraryArea>>;
