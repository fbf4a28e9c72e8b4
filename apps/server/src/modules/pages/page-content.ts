import { eventRegisterPath, seriesRegisterPath } from '@studio/domain';
import type { AttendeeBaseUrl } from '../attendee-site/attendee-origin.ts';
import type { PublicSeries } from '../back-office/events/events.service.ts';
import type { PageContent } from './pages.service.ts';

/** Where the pages' blocks read what they show besides their owner, each through its own area. */
export interface PageContentDeps {
  publicSeries(seriesId: string): Promise<PublicSeries | undefined>;
  /** The event's sessions by start (the programme's agenda). */
  sessionsOf(eventId: string): Promise<{ title: string; start_time: Date; end_time: Date }[]>;
  /** An organisation's attendee origin (its default custom domain, if verified). */
  attendeeBaseUrl: AttendeeBaseUrl;
}

/**
 * The blocks' agenda, events and registration links. Speakers and sponsors' booths are empty
 * until the people and booths areas answer for public pages.
 */
export function createPageContent(deps: PageContentDeps): PageContent {
  const none = { agenda: [], speakers: [], booths: [], events: [] };
  return async (ownerType, id, owner) => {
    const base = await deps.attendeeBaseUrl(owner.organizationId);
    const registerUrl = (eventId: string) => `${base}${eventRegisterPath(eventId)}`;
    switch (ownerType) {
      case 'event':
        return {
          ...none,
          agenda: (await deps.sessionsOf(id)).map((session) => ({
            title: session.title,
            start_time: session.start_time.toISOString(),
            end_time: session.end_time.toISOString(),
          })),
          registerUrl: registerUrl(id),
        };
      case 'series':
        return {
          ...none,
          events: ((await deps.publicSeries(id))?.events ?? []).map((event) => ({
            title: event.title,
            start_time: event.start_time.toISOString(),
            timezone: event.timezone,
            registerUrl: registerUrl(event.id),
          })),
          registerUrl: `${base}${seriesRegisterPath(id)}`,
        };
      case 'template':
      case 'hub_page':
        return { ...none, registerUrl: '#' };
    }
  };
}
