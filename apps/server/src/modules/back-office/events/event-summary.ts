import type { EventSummary } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { OrganizationCaller } from '../../../platform/http/access-rules.ts';
import { moduleLink } from '../../../platform/module-links.ts';
import { videoLibraryReadModel } from '../../video-library/video-library.read-model.ts';

/** The event's sessions and the library videos they play (the programme's part). */
export type EventSessionsSummary = (
  eventId: string,
) => Promise<{ count: number; videos: { id: string; title: string }[] }>;
/** The event's speakers (the people's part). */
export type EventSpeakersSummary = (eventId: string) => Promise<EventSummary['speakers']>;
/** The event's registrants and seats (the registration's part). */
export type EventRegistrantsSummary = (eventId: string) => Promise<EventSummary['registrants']>;
/** The event's live inputs and their feeds, as the caller may read them (the live area's part). */
export type EventLiveInputsSummary = (
  caller: OrganizationCaller,
  eventId: string,
) => Promise<EventSummary['live_inputs']>;
/** The event's emails scheduled and sent (the email area's part). */
export type EventEmailsSummary = (
  caller: OrganizationCaller,
  eventId: string,
) => Promise<EventSummary['emails']>;

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
    liveInputs: moduleLink<EventLiveInputsSummary>('live → event dashboard: live inputs'),
    emails: moduleLink<EventEmailsSummary>('email → event dashboard: emails scheduled and sent'),
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
    async of(caller: OrganizationCaller, event: SummarizedEvent): Promise<EventSummary> {
      const [sessions, speakers, registrants, liveInputs, emails, buffer] = await Promise.all([
        parts.sessions.use()(event.id),
        parts.speakers.use()(event.id),
        parts.registrants.use()(event.id),
        parts.liveInputs.use()(caller, event.id),
        parts.emails.use()(caller, event.id),
        event.stage_roll_video_asset_id ? bufferVideo(event.id) : null,
      ]);
      const videos = buffer ? [{ id: buffer.id, title: buffer.title, buffer: true }] : [];
      for (const video of sessions.videos)
        if (!videos.some((known) => known.id === video.id)) videos.push({ ...video, buffer: false });
      return {
        sessions: sessions.count,
        speakers,
        registrants,
        live_inputs: liveInputs,
        emails,
        videos,
        filler_slide: event.filler_slide_id !== null,
      };
    },
  };
}

export type EventSummaries = ReturnType<typeof createEventSummary>;
