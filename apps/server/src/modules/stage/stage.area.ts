import type { Studio } from '../../studio-area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { FillerSlidesService } from '../filler-slides/filler-slides.service.ts';
import { stageLiveUrl, type Live } from '../live/live.ts';
import type { Programme } from '../programme/programme.ts';
import type { VideoLibraryArea } from '../video-library/video-library.area.ts';
import { createStage, registerStage } from './stage.ts';

/** The stage (issue 17 §3): what plays now, from the event, its agenda and the clock; pushed when it changes. */
export function stageArea(
  studio: Studio,
  ports: Pick<VideoLibraryArea, 'library'> & {
    backOffice: BackOffice;
    programme: Programme;
    fillerSlides: FillerSlidesService;
    live: Live;
  },
) {
  const { app, platform } = studio;
  const { library } = ports;
  const { events } = ports.backOffice;
  const stage = createStage({
    events,
    agenda: ports.programme.agenda,
    videos: library,
    recordings: ports.live.service,
    fillerSlides: ports.fillerSlides,
    liveHlsUrl: (event, inputId) => stageLiveUrl(library.hlsGuard, event, inputId),
    realtime: platform.realtime,
    pubsub: platform.pubsub,
    jobs: platform.jobs,
    clock: studio.clock,
    log: () => app.log,
  });
  registerStage(app, stage, {
    jobs: platform.jobs,
    visibleEvent: async (caller, eventId) =>
      (await events.programmeEventOf(caller, eventId, 'event:read')).event,
  });
  ports.backOffice.stageChanged.provide((eventId) => stage.changed(eventId));
  return stage;
}
