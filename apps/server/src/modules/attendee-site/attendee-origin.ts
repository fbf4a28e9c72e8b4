/** Where an organisation's attendee pages live (magic links, registration, the event app). */
export type AttendeeBaseUrl = (organizationId: string) => string;

/** The attendee site's port when EVENTS_PORT is not set. */
export const DEFAULT_EVENTS_PORT = 8081;

/**
 * THE one place that decides an organisation's attendee origin: today EVENTS_PUBLIC_URL, else the
 * attendee site on this machine. The custom-domains issue re-bases it on the organisation's
 * verified domain; nothing else builds attendee URLs.
 */
export function attendeeBaseUrlFor(settings: {
  eventsPublicUrl?: string | undefined;
  eventsPort?: number | undefined;
}): AttendeeBaseUrl {
  const base = (
    settings.eventsPublicUrl ?? `http://localhost:${settings.eventsPort ?? DEFAULT_EVENTS_PORT}`
  ).replace(/\/$/, '');
  return () => base;
}
