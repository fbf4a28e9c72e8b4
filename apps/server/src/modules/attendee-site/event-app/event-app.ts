import { attendeeSiteUrl } from '../attendee-origin.ts';

export { createEventAppService, type EventAppService } from './event-app.service.ts';

/**
 * The origins that may read the studio's media (the stage's HLS): the studio, and the attendee
 * origin as configured — by default the studio's own host on the events port, and localhost's.
 */
export function eventAppMediaOrigins(
  settings: { eventsPublicUrl?: string | undefined; eventsPort?: number | undefined },
  publicUrl: string,
): string[] {
  const studio = new URL(publicUrl);
  const origins = [studio.origin, new URL(attendeeSiteUrl(settings)).origin];
  if (!settings.eventsPublicUrl && settings.eventsPort !== undefined)
    origins.push(`${studio.protocol}//${studio.hostname}:${settings.eventsPort}`);
  return [...new Set(origins)];
}
