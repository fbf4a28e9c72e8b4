import type { EventSummary } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import { moduleLink } from '../../../platform/module-links.ts';
import { videoLibraryReadModel } from '../../video-library/video-library.read-model.ts';

/** The event's sessions and the library videos they play (the programme's part). */
export type EventSessionsSummary = (
  eventId: string,
) => Promise<{ count: number; videos: { id: string; title: string }[] }>;
/** The event's speakers (the people's part). */
export type EventSpeakersSummary = (eventId: string) => Promise<EventSummary['speakers']>;
/** The event's registrants (the registration's part). */
export type EventRegistrantsSummary = (eventId: string) => Promise<EventSummary['registrants']>;

/** The event as its summary needs it (already found in the caller's organisation). */
export interface SummarizedEvent {
  id: string;
  stage_roll_video_asset_id: string | null;
  filler_slide_id: string | null;
}

/**
 * GET /api/event/{id}/summary/, the event dashboard's one call: each figure is asked of the area
 * that owns it, through a link its area provides (studio.ts builds them after the back office).
 */
export function createEventSummary(db: Executor) {
  const parts = {
    sessions: moduleLink<EventSessionsSummary>('programme → event dashboard: sessions and their videos'),
    speakers: moduleLink<EventSpeakersSummary>('people → event dashboard: speakers'),
    registrants: moduleLink<EventRegistrantsSummary>('registration → event dashboard: registrants'),
  };

  /** The buffer video's title, read through the library's read model. */
  const bufferVideo = async (eventId: string) =>
    (
      await db
        .selectFrom('events')
        .select(videoLibraryReadModel.summaryOf('events.stage_roll_video_asset_id').as('video'))
        .where('events.id', '=', eventId)
        .executeTakeFirst()
    )?.video ?? null;

  return {
    parts,
    async of(event: SummarizedEvent): Promise<EventSummary> {
      const [sessions, speakers, registrants, buffer] = await Promise.all([
        parts.sessions.use()(event.id),
        parts.speakers.use()(event.id),
        parts.registrants.use()(event.id),
        event.stage_roll_video_asset_id ? bufferVideo(event.id) : null,
      ]);
      const videos = buffer ? [{ id: buffer.id, title: buffer.title, buffer: true }] : [];
      for (const video of sessions.videos)
        if (!videos.some((known) => known.id === video.id)) videos.push({ ...video, buffer: false });
      return {
        sessions: sessions.count,
        speakers,
        registrants,
        videos,
        filler_slide: event.filler_slide_id !== null,
      };
    },
  };
}

export type EventSummaries = ReturnType<typeof createEventSummary>;
