import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { FillerSlidesService } from '../filler-slides/filler-slides.service.ts';
import { createRtmpSessions } from '../programme/agenda/rtmp-sessions.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { createLive, registerLive, registerLiveJobs, startLiveIngest } from './live.ts';

/**
 * Live (issue 19): RTMP inputs, their channels (ingest, failover, filler) and live sessions'
 * recordings; the RTMP listener starts in the roles ingest and all. Offers its media to the attendee site.
 */
export async function liveArea(
  studio: Studio,
  ports: Pick<VideoLibraryArea, 'library'> & { backOffice: BackOffice; fillerSlides: FillerSlidesService },
) {
  const { app, platform, config, publicUrl } = studio;
  const { library, fillerSlides } = ports;
  const { events } = ports.backOffice;
  const rtmpSessions = createRtmpSessions(studio.database.db);
  const live = createLive({
    db: studio.database.db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    clock: studio.clock,
    publicUrl,
    dataDir: platform.dataDir,
    guard: library.hlsGuard,
    guardOn: (organizationId) => library.hlsGuardOn(organizationId),
    rtmp: {
      port: config.rtmp?.port ?? 1935,
      publicHost: config.rtmp?.publicHost ?? new URL(publicUrl).hostname,
      tlsPort: config.rtmp?.tls?.port ?? null,
    },
    events,
    sessions: () => rtmpSessions,
    createRecording: (recording) => library.createRecording(recording),
    fillerImageOf: async (eventId) => {
      const event = await events.stageEventById(eventId);
      const slide = event?.fillerSlideId
        ? await fillerSlides.imageKeyOf(event.organizationId, event.fillerSlideId)
        : null;
      if (event?.fillerSlideId && slide) return { id: event.fillerSlideId, key: slide };
      const frame = event?.bufferVideoId
        ? await library.thumbnailKeyOf(event.organizationId, event.bufferVideoId)
        : null;
      return event?.bufferVideoId && frame ? { id: event.bufferVideoId, key: frame } : null;
    },
    segmentSeconds: config.liveSegmentSeconds,
  });
  const liveMedia = registerLive(app, live, {
    storage: platform.storage,
    publicUrl,
    playlistOf: studio.publicRead((inputId: string) => live.channels.playlist(inputId), String),
  });
  registerLiveJobs(platform.jobs, live);
  ports.backOffice.stageChanged.provide((eventId) => live.service.eventChanged(eventId));
  ports.backOffice.summary.parts.liveInputs.provide(async (caller, eventId) => {
    const { results } = await live.service.list(caller, eventId, { limit: 100, offset: 0 });
    return results.map(({ id, name, channel_states, feeds }) => ({ id, name, channel_states, feeds }));
  });
  if (config.rtmp && (config.role === 'ingest' || config.role === 'all'))
    await startLiveIngest(app, live, {
      host: config.rtmp.host,
      port: config.rtmp.port,
      tls: config.rtmp.tls,
    });
  return { live, liveMedia };
}
